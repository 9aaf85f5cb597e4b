/**
 * The report job store against a mocked DynamoDB client: each operation's requests are within the
 * grant listed next to it (report-access.ts).
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoDbReportJobStore as store } from '#functions/reports/store/dynamodb-report-job-store';
import { reportJobStoreAccess } from '#functions/reports/store/report-access';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';
const id = '00000000-0000-4000-8000-000000000001';
const at = new Date('2026-11-24T10:00:00Z');
const job = { id, ownerId: 2, status: 'IN_PROGRESS', startDate: '2025-01-01', endDate: '2025-03-31' };

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { pk: `REPORT#${id}`, sk: 'REPORT', ...job } });
  dynamo.on(PutCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({});
});

it.each([
  ['createJob', () => store.createJob(job as never), 1],
  ['getJob', () => store.getJob(id), 1],
  ['markCompleted', () => store.markCompleted(id, 1024, at), 2],
  [
    'markFailed',
    () => store.markFailed(id, { code: 'report_generation_failed', message: 'x' } as never, at),
    1,
  ],
  ['recordCallbackAttempt', () => store.recordCallbackAttempt(id, true, at), 1],
  ['markNotDelivered', () => store.markNotDelivered(id, at), 1],
] as const)('%s stays within its grant', async (operation, run, requests) => {
  expect(await requestsWithin(dynamo, reportJobStoreAccess[operation], run)).toHaveLength(requests);
});
