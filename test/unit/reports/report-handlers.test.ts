import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { REPORT_LIMITS, STATUS_POLLS, type TokenBucket } from '#functions/contracts/caller-limits';
import { REPORT_ENV } from '#functions/contracts/environment';
import type { ReportJob } from '#functions/reports/domain/report-job';
import { handler as createReport } from '#functions/reports/handlers/create-report';
import { handler as getReport, INLINE_REPORT_MAX_BYTES } from '#functions/reports/handlers/get-report';
import { handler as getStatus } from '#functions/reports/handlers/get-report-status';
import { apiEvent, lambdaContext } from '../support/api-event';
import { reportJob as job, REPORT_ID } from './report-fixtures';

const dynamo = mockClient(DynamoDBDocumentClient);
const sfn = mockClient(SFNClient);
Object.assign(process.env, {
  [REPORT_ENV.stateMachineArn]: 'arn:aws:states:eu-west-1:123456789012:stateMachine:reports',
  [REPORT_ENV.bucket]: 'reports-bucket',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

const ID = REPORT_ID;
// Client headers: Locations come from API Gateway's request context instead (docs/decisions/http-requests.md D61).
const HEADERS = { Host: 'evil.example', 'X-Forwarded-Proto': 'https://evil.example/#' };
const stored = (j: ReportJob | undefined) =>
  dynamo
    .on(GetCommand, { Key: { pk: `REPORT#${ID}`, sk: 'REPORT' } })
    .resolves({ Item: j && { pk: `REPORT#${ID}`, sk: 'REPORT', ...j } });
/** The caller's bucket takes the request (the first conditional write succeeds). */
const allowed = () => dynamo.on(UpdateCommand).resolves({});
/** The caller's bucket (`scope`) refuses: both writes fail, and it is empty for `nextTokenInMs` more. */
const limited = (scope: string, bucket: TokenBucket, nextTokenInMs: number) => {
  const Key = { pk: `LIMIT#${scope}#2`, sk: 'LIMIT' };
  const unit = (bucket.refillSeconds * 1000) / bucket.capacity;
  dynamo
    .on(UpdateCommand, { Key })
    .rejects(new ConditionalCheckFailedException({ message: 'refused', $metadata: {} }));
  dynamo
    .on(GetCommand, { Key })
    .resolves({ Item: { ...Key, tat: Date.now() + (bucket.capacity - 1) * unit + nextTokenInMs } });
};

beforeEach(() => {
  dynamo.reset();
  sfn.reset();
  dynamo.on(PutCommand).resolves({});
  // Customer 2 has a webhook secret to sign callbacks with (docs/decisions/report-export.md D60); customer 3 none.
  dynamo.on(GetCommand).resolves({});
  dynamo.on(GetCommand, { Key: { pk: 'WHSEC#2', sk: 'WHSEC' } }).resolves({
    Item: { secrets: [{ id: '00000000-0000-4000-8000-000000000001', createdAt: '2026-01-01 00:00:00' }] },
  });
  sfn.on(StartExecutionCommand).resolves({ executionArn: 'arn:execution', startDate: new Date() });
});

const post = (body: unknown, userId = 2) =>
  createReport(
    {
      ...apiEvent({
        method: 'POST',
        resource: '/v1/orders/reports',
        body: JSON.stringify(body),
        caller: { userId },
      }),
      headers: HEADERS,
    },
    lambdaContext,
  );
const event = (resource: string, userId = 2, admin = false) => ({
  ...apiEvent({ resource, pathParameters: { report_id: ID }, caller: { userId, admin } }),
  headers: HEADERS,
});

describe('POST /orders/reports', () => {
  it('answers 202 with Location and Retry-After in polling mode, after starting the execution', async () => {
    const response = await post({ start_date: '2025-01-01', end_date: '2025-03-31' });
    expect(response.statusCode).toBe(202);
    const body = JSON.parse(response.body);
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'IN_PROGRESS' });
    expect(response.headers).toMatchObject({
      Location: `https://api.example.com/v1/orders/reports/status/${body.id}`,
      'Retry-After': '2',
    });
    const [start] = sfn.commandCalls(StartExecutionCommand);
    expect(start!.args[0].input).toEqual({
      stateMachineArn: process.env[REPORT_ENV.stateMachineArn],
      name: body.id,
      input: JSON.stringify({ reportId: body.id }),
    });
  });

  it('refuses a callback for a caller without a webhook secret with a 400, and starts nothing (D60)', async () => {
    const response = await post(
      { start_date: '2025-01-01', end_date: '2025-03-31', callback_url: 'https://93.184.215.14/hooks' },
      3,
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      code: 'invalid_request',
      message: "The field 'callback_url' needs a webhook signing secret of the caller: create one first.",
    });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(sfn.calls()).toHaveLength(0);
  });

  it('answers 202 with no Location or Retry-After in callback mode', async () => {
    const response = await post({
      start_date: '2025-01-01',
      end_date: '2025-03-31',
      callback_url: 'https://93.184.215.14/hooks',
    });
    expect(response.statusCode).toBe(202);
    expect(response.headers?.Location).toBeUndefined();
    expect(response.headers?.['Retry-After']).toBeUndefined();
  });

  it.each([
    ['no body fields', {}],
    ['a day that does not exist', { start_date: '2025-02-30', end_date: '2025-03-31' }],
    ['an end before the start', { start_date: '2025-03-01', end_date: '2025-02-01' }],
    ['a period over 366 days', { start_date: '2024-01-01', end_date: '2025-12-31' }],
    ['an unknown field', { start_date: '2025-01-01', end_date: '2025-01-02', format: 'csv' }],
    [
      'a metadata callback',
      { start_date: '2025-01-01', end_date: '2025-01-02', callback_url: 'https://169.254.169.254/' },
    ],
    [
      'a private callback',
      { start_date: '2025-01-01', end_date: '2025-01-02', callback_url: 'https://10.0.0.1/' },
    ],
    [
      'a plain-http callback',
      { start_date: '2025-01-01', end_date: '2025-01-02', callback_url: 'http://example.com/' },
    ],
    ['an empty callback', { start_date: '2025-01-01', end_date: '2025-01-02', callback_url: '' }],
  ])('refuses %s with a docs/decisions/http-requests.md D1 400 and starts nothing', async (_, body) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ code: 'invalid_request', message: expect.any(String) });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(sfn.calls()).toHaveLength(0);
  });

  it('answers 500, leaves the job FAILED and gives its place back when the execution cannot start', async () => {
    sfn.on(StartExecutionCommand).rejects(new Error('throttled'));
    dynamo.on(UpdateCommand).resolves({});
    const response = await post({ start_date: '2025-01-01', end_date: '2025-03-31' });
    expect(response.statusCode).toBe(500);
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates.map((u) => u.Key?.pk)).toEqual([
      'LIMIT#reports#2',
      expect.stringMatching(/^REPORT#/),
      'LIMIT#reports#2',
    ]);
    expect(updates[1]!.ExpressionAttributeValues).toMatchObject({ ':failed': 'FAILED' });
    expect(updates[2]!.UpdateExpression).toBe('DELETE #holding :place');
  });

  it('answers 429 with Retry-After past the hourly bucket, and records and starts nothing', async () => {
    limited('reports', REPORT_LIMITS.perHour, 59_500);
    const response = await post({ start_date: '2025-01-01', end_date: '2025-03-31' });
    expect(response.statusCode).toBe(429);
    expect(JSON.parse(response.body)).toEqual({ code: 'too_many_requests', message: expect.any(String) });
    expect(Number(response.headers?.['Retry-After'])).toBe(60);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(sfn.calls()).toHaveLength(0);
  });
});

describe('GET /orders/reports/status/{report_id}', () => {
  const status = (userId = 2, admin = false) =>
    getStatus(event('/v1/orders/reports/status/{report_id}', userId, admin), lambdaContext);

  it('answers 200 IN_PROGRESS with Retry-After while the report is produced', async () => {
    allowed();
    stored(job());
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'Retry-After': '2', 'Content-Type': 'application/json' });
    expect(JSON.parse(response.body)).toEqual({ id: ID, status: 'IN_PROGRESS' });
  });

  it('answers 303 to the report once it is done, for the owner and for an administrator', async () => {
    allowed();
    stored(job({ status: 'COMPLETED', bytes: 2000 }));
    for (const [userId, admin] of [
      [2, false],
      [1, true],
    ] as const) {
      const response = await status(userId, admin);
      expect(response.statusCode).toBe(303);
      expect(response.headers?.Location).toBe(`https://api.example.com/v1/orders/reports/${ID}`);
    }
  });

  it('answers 200 FAILED with a code and a general message', async () => {
    allowed();
    stored(
      job({
        status: 'FAILED',
        error: {
          code: 'report_generation_failed',
          message: 'The report could not be produced. Request it again later.',
        },
      }),
    );
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['Retry-After']).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual({
      id: ID,
      status: 'FAILED',
      error: {
        code: 'report_generation_failed',
        message: 'The report could not be produced. Request it again later.',
      },
    });
  });

  it("answers another customer's and an unknown report with the same 404", async () => {
    allowed();
    stored(job());
    const other = await status(3);
    stored(undefined);
    const unknown = await status(2);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
  });

  it(`answers 429 with Retry-After once the caller's ${STATUS_POLLS.capacity} tokens are spent, before reading the job`, async () => {
    // The bucket is empty and its next token comes back in 2.5 s: wait 3.
    limited('report-status', STATUS_POLLS, 2_500);
    const response = await status();
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['Retry-After']).toBe('3');
    expect(JSON.parse(response.body)).toEqual({ code: 'too_many_requests', message: expect.any(String) });
    expect(dynamo.commandCalls(GetCommand).map((call) => call.args[0].input.Key?.pk)).toEqual([
      'LIMIT#report-status#2',
    ]);
  });
});

describe('GET /orders/reports/{report_id}', () => {
  const download = (userId = 2) => getReport(event('/v1/orders/reports/{report_id}', userId), lambdaContext);
  const pdf = Buffer.from('%PDF-1.7 test');
  /** S3 as the reader sees it: GETs of pre-signed URLs. */
  const s3Answers = (response: () => Response) => {
    const fetched: URL[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push(new URL(String(input)));
      return response();
    });
    return fetched;
  };
  afterEach(() => jest.restoreAllMocks());

  it('answers 404 until the report is completed, without reading S3', async () => {
    const fetched = s3Answers(() => new Response(pdf));
    stored(job());
    expect((await download()).statusCode).toBe(404);
    expect(fetched).toEqual([]);
  });

  it('answers the PDF as base64 with its type and file name, read through a signed URL', async () => {
    const fetched = s3Answers(() => new Response(pdf));
    stored(job({ status: 'COMPLETED', bytes: pdf.length }));
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.isBase64Encoded).toBe(true);
    expect(Buffer.from(response.body, 'base64')).toEqual(pdf);
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="orders-report-2025-01-01-to-2025-03-31.pdf"',
    });
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.host).toBe('reports-bucket.s3.eu-west-1.amazonaws.com');
    expect(fetched[0]!.pathname).toBe(`/reports/${ID}.pdf`);
    expect(fetched[0]!.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('redirects to a short-lived pre-signed URL above the inline size', async () => {
    const fetched = s3Answers(() => new Response(pdf));
    stored(job({ status: 'COMPLETED', bytes: INLINE_REPORT_MAX_BYTES + 1 }));
    const response = await download();
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers!.Location as string);
    expect(location.pathname).toBe(`/reports/${ID}.pdf`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="orders-report-2025-01-01-to-2025-03-31.pdf"',
    );
    expect(fetched).toEqual([]);
  });

  it('answers 404 to another customer, and when the PDF has expired', async () => {
    s3Answers(() => new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 }));
    stored(job({ status: 'COMPLETED', bytes: 10 }));
    expect((await download(3)).statusCode).toBe(404);
    expect((await download(2)).statusCode).toBe(404);
  });

  it('answers 500 with the docs/decisions/http-requests.md D1 body when S3 fails otherwise', async () => {
    s3Answers(() => new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }));
    stored(job({ status: 'COMPLETED', bytes: 10 }));
    const response = await download();
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred.',
    });
  });
});
