import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { REPORT_ENV } from '#functions/contracts/environment';
import { handler as createReport } from '#functions/reports/handlers/create-report';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
const sfn = mockClient(SFNClient);
Object.assign(process.env, {
  [REPORT_ENV.stateMachineArn]: 'arn:aws:states:eu-west-1:123456789012:stateMachine:reports',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

beforeEach(() => {
  dynamo.reset();
  sfn.reset();
  dynamo.on(PutCommand).resolves({});
  // The caller has a webhook secret to sign its callback with (docs/decisions/report-export.md D60).
  dynamo.on(GetCommand, { Key: { pk: 'WHSEC#2', sk: 'WHSEC' } }).resolves({
    Item: { secrets: [{ id: '00000000-0000-4000-8000-000000000001', createdAt: '2026-01-01 00:00:00' }] },
  });
  sfn.on(StartExecutionCommand).resolves({ executionArn: 'arn:execution', startDate: new Date() });
});

/** A report request as the client wrote it (raw JSON, so `\ud800` stays an escape). */
const post = (callbackUrlJson: string) =>
  createReport(
    {
      ...apiEvent({
        method: 'POST',
        resource: '/v1/orders/reports',
        body: `{"start_date":"2025-01-01","end_date":"2025-01-31","callback_url":${callbackUrlJson}}`,
        caller: { userId: 2 },
      }),
      headers: { Host: 'api.example.com', 'X-Forwarded-Proto': 'https' },
    },
    lambdaContext,
  );

describe('POST /orders/reports with a callback_url that is not Unicode text (a lone surrogate)', () => {
  it.each(['"https://93.184.215.14/hooks/\\ud800"', '"https://93.184.215.14/hooks?x=\\udfff"'])(
    'refuses %s with a 400: nothing recorded, nothing started',
    async (url) => {
      const response = await post(url);
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        code: 'invalid_request',
        message: "The field 'callback_url' is invalid.",
      });
      expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
      expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
    },
  );

  it.each([
    '"https://93.184.215.14/hooks/\\u202e"',
    '"https://93.184.215.14/ho\\u200boks"',
    '"https://93.184.215.14/hooks\\u2028"',
    '"https://93.184.\\t215.14/hooks"',
  ])(
    'refuses %s, invisible, direction-changing or control text (docs/decisions/http-requests.md D62)',
    async (url) => {
      const response = await post(url);
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body).message).toBe("The field 'callback_url' is invalid.");
      expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
    },
  );

  it('accepts the same URL with real text in it (a surrogate pair)', async () => {
    const response = await post('"https://93.184.215.14/hooks/\\ud83d\\udca9"');
    expect(response.statusCode).toBe(202);
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(1);
  });
});
