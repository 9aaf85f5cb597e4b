/**
 * No webhook secret and no stage key in any log line (issue 14 §3, docs/decisions/report-export.md D60): the
 * functions that handle them run here with their logger at DEBUG, through success and failure,
 * and everything they write is searched for both.
 */
import { clearCaches } from '@aws-lambda-powertools/parameters';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { logger } from '#commons/logger';
import { REPORT_ENV, WEBHOOK_ENV } from '#functions/contracts/environment';
import { handler as sendCallback } from '#functions/reports/handlers/send-report-callback';
import { handler as createSecret } from '#functions/webhooks/handlers/create-webhook-secret';
import { partnerAnswering } from '../../support/local-partner';
import { REPORT_ID, reportJob } from '../reports/report-fixtures';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
const secretsManager = mockClient(SecretsManagerClient);
const STAGE_KEY = 'a-stage-key-that-must-never-be-logged-'.repeat(2);
Object.assign(process.env, {
  [WEBHOOK_ENV.keySecretId]: 'commerce-api-test-webhook-key',
  [REPORT_ENV.allowLoopbackCallbacks]: '1',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

let written: string[] = [];
let spies: jest.SpyInstance[] = [];
beforeEach(() => {
  clearCaches();
  dynamo.reset();
  secretsManager.reset();
  secretsManager.on(GetSecretValueCommand).resolves({ SecretString: STAGE_KEY });
  written = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  spies = [
    jest.spyOn(process.stdout, 'write').mockImplementation(capture),
    jest.spyOn(process.stderr, 'write').mockImplementation(capture),
  ];
  logger.setLogLevel('DEBUG');
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
  logger.setLogLevel('SILENT');
});

it('neither the secret made nor the stage key reaches a log line, when a callback is delivered or refused', async () => {
  dynamo.on(UpdateCommand).resolves({});
  const created = await createSecret(
    apiEvent({
      method: 'POST',
      resource: '/v1/{me}/webhook-secrets',
      pathParameters: { me: '@me' },
      caller: { userId: 2 },
    }),
    lambdaContext,
  );
  expect(created.statusCode).toBe(201);
  const { id, secret } = JSON.parse(created.body) as { id: string; secret: string };

  const partner = await partnerAnswering([503, 204]);
  try {
    dynamo.on(GetCommand, { Key: { pk: `REPORT#${REPORT_ID}`, sk: 'REPORT' } }).resolves({
      Item: reportJob({
        status: 'COMPLETED',
        notification: 'PENDING',
        callbackUrl: partner.url,
        webhookId: `msg_${REPORT_ID}`,
      }),
    });
    dynamo
      .on(GetCommand, { Key: { pk: 'WHSEC#2', sk: 'WHSEC' } })
      .resolves({ Item: { secrets: [{ id, createdAt: '2026-11-25 10:00:00' }] } });
    await expect(sendCallback({ reportId: REPORT_ID }, lambdaContext)).rejects.toMatchObject({
      name: 'CallbackNotDelivered',
    });
    await expect(sendCallback({ reportId: REPORT_ID }, lambdaContext)).resolves.toMatchObject({
      delivered: true,
    });
  } finally {
    await partner.close();
  }
  // The partner got a signature made with the secret: it was in use, and logged nowhere.
  expect(partner.received[1]!.headers['webhook-signature']).toMatch(/^v1,/);
  const log = written.join('');
  expect(log).toContain('report callback not delivered');
  expect(log).toContain('"method":"POST"');
  expect(log).not.toContain(secret);
  expect(log).not.toContain(secret.slice('whsec_'.length));
  expect(log).not.toContain(STAGE_KEY);
  expect(log).not.toContain('whsec_');
});
