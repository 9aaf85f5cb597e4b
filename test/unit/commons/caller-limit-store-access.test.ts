/**
 * The per-caller limits store against a mocked DynamoDB client: each operation's requests are
 * within the grant listed next to it (caller-limit-access.ts), and one scope's grant refuses
 * another scope's items.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { callerLimitAccess } from '#commons/store/caller-limit-access';
import { dynamoDbCallerLimitStore as store } from '#commons/store/dynamodb-caller-limit-store';
import { STATUS_POLLS } from '#functions/contracts/caller-limits';
import { deniedParts } from '#local/iam/table-requests';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';
const refused = () => new ConditionalCheckFailedException({ message: 'refused', $metadata: {} });
const take = () =>
  store.take('report-status', 2, { bucket: STATUS_POLLS, cost: 1, nowMs: 1_700_000_000_000 });

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { tat: 1_700_000_100_000 } });
});

it('take stays within its grant, when it takes at once', async () => {
  dynamo.on(UpdateCommand).resolves({});
  expect(await requestsWithin(dynamo, callerLimitAccess('report-status').take, take)).toHaveLength(1);
});

it('take stays within its grant, when it is refused and reads the item for its Retry-After', async () => {
  dynamo.on(UpdateCommand).rejects(refused());
  expect(await requestsWithin(dynamo, callerLimitAccess('report-status').take, take)).toHaveLength(3);
});

it('release stays within its grant', async () => {
  dynamo.on(UpdateCommand).resolves({});
  const release = () => store.release('reports', 2, 'a-report');
  expect(await requestsWithin(dynamo, callerLimitAccess('reports').release, release)).toHaveLength(1);
});

it("one scope's grant refuses another scope's items", async () => {
  dynamo.on(UpdateCommand).resolves({});
  await take();
  const [sent] = dynamo.calls().map((call) => call.args[0] as { input: object });
  expect(deniedParts(callerLimitAccess('batches').take, 'UpdateCommand', sent!.input)).toHaveLength(1);
});
