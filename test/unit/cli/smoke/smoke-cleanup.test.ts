/**
 * Everything a smoke run makes is removed at its end, also when a check fails midway
 * (docs/decisions/stages-and-deploys.md D74): the temporary Cognito user and its items, the batch, the report and its
 * PDF, by the keys the run was answered with; a removal that fails is said and the others still run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ApiClient } from '#cli/smoke/api-client';
import { ABSENT_ORDER, batchCheck } from '#cli/smoke/batch-check';
import { callerCheck } from '#cli/smoke/caller-check';
import type { CheckContext } from '#cli/smoke/check-context';
import { Checks } from '#cli/smoke/checks';
import { Cleanup } from '#cli/smoke/cleanup';
import { committedContract } from '#cli/smoke/openapi-contract';
import { smokePlan } from '#cli/smoke/smoke-plan';
import type { SmokeStage } from '#cli/smoke/smoke-stage';
import { cognitoUsers } from '#cli/smoke/smoke-user';
import { stageStore } from '#cli/smoke/stage-store';
import { SMOKE_USER_IDS } from '#lib/smoke-access';

const cognito = mockClient(CognitoIdentityProviderClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const store = stageStore({
  doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })),
  tableName: 'commerce-api-dev',
  s3: new S3Client({ region: 'eu-west-1' }),
  reportBucket: 'commerce-api-dev-reports',
});

/** The checks' lines, spaces squeezed, and a context around an API at `baseUrl`. */
const context = (baseUrl: string, stage: Partial<SmokeStage> = {}) => {
  const printed: string[] = [];
  const checks = new Checks((line) => printed.push(line.replace(/\s+/g, ' ')));
  const cleanup = new Cleanup();
  const ctx: CheckContext = {
    api: new ApiClient(baseUrl, committedContract()),
    checks,
    cleanup,
    stage: {
      name: 'dev',
      description: 'CommerceApi-dev',
      apiUrl: baseUrl,
      tokens: 'cognito',
      isProtected: false,
      access: async () => {
        throw new Error('no access in this test');
      },
      close: () => {},
      ...stage,
    },
  };
  return { ctx, printed, cleanup };
};

beforeEach(() => {
  cognito.reset();
  dynamo.reset();
  s3.reset();
  dynamo.on(DeleteCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
});

describe('a temporary Cognito user', () => {
  it('whose sign-in fails is deleted, and then its items, by its reserved id', async () => {
    cognito.on(AdminCreateUserCommand).resolves({});
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    cognito.on(AdminInitiateAuthCommand).rejects(
      Object.assign(new Error('Auth flow not enabled for this client'), {
        name: 'InvalidParameterException',
      }),
    );
    const order: string[] = [];
    cognito.on(AdminDeleteUserCommand).callsFake(async () => order.push('cognito'));
    dynamo.on(DeleteCommand).callsFake(async ({ Key }) => order.push(Key.pk));
    const users = cognitoUsers({
      cognito: new CognitoIdentityProviderClient({ region: 'eu-west-1' }),
      userPoolId: 'pool',
      clientId: 'client',
    });
    const { ctx, printed, cleanup } = context('http://127.0.0.1:1/v1', {
      access: async () => ({ description: 'assumed the smoke role', store, users }),
    });

    const setup = await callerCheck(
      ctx,
      smokePlan({ tokens: 'cognito', isProtected: false, write: false, token: false }),
      undefined,
    );

    expect(setup.caller).toBeUndefined();
    const input = cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input;
    const id = Number(input.UserAttributes?.find((a) => a.Name === 'custom:user_id')?.Value);
    expect(id).toBeGreaterThanOrEqual(SMOKE_USER_IDS.min);
    expect(id).toBeLessThanOrEqual(SMOKE_USER_IDS.max);
    expect(input).toMatchObject({ UserPoolId: 'pool', Username: `smoke-${id}`, MessageAction: 'SUPPRESS' });
    expect(printed).toEqual([
      expect.stringMatching(/^ok stage: access beside the API \d+ ms assumed the smoke role$/),
      expect.stringMatching(
        new RegExp(
          `^FAIL caller: Cognito user smoke-${id} \\d+ ms InvalidParameterException: Auth flow not enabled for this client$`,
        ),
      ),
    ]);
    // The token routes and the writes then say why they do not run.
    expect(setup.readSkip).toBe('needs the caller, whose check failed');
    expect(setup.writer('a batch')).toEqual([undefined, 'needs the caller, whose check failed']);

    const outcome = await cleanup.run();
    expect(outcome.failed).toEqual([]);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'pool',
      Username: `smoke-${id}`,
    });
    expect(order).toEqual([
      'cognito',
      `USER#${id}`,
      `WHSEC#${id}`,
      `LIMIT#batches#${id}`,
      `LIMIT#reports#${id}`,
      `LIMIT#report-status#${id}`,
      `EVENT#smoke-${id}`,
    ]);
  });
});

describe('the stage store', () => {
  it('removes a report job and its PDF, and a batch, by their keys', async () => {
    await store.removeReport('6f1c0a4e-1f5b-4e43-9d7e-0c1c5e2f7a10');
    await store.removeBatch(17);
    expect(dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input)).toEqual([
      {
        TableName: 'commerce-api-dev',
        Key: { pk: 'REPORT#6f1c0a4e-1f5b-4e43-9d7e-0c1c5e2f7a10', sk: 'REPORT' },
      },
      { TableName: 'commerce-api-dev', Key: { pk: 'BATCH#17', sk: 'BATCH' } },
    ]);
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'commerce-api-dev-reports',
      Key: 'reports/6f1c0a4e-1f5b-4e43-9d7e-0c1c5e2f7a10.pdf',
    });
  });
});

describe('the cleanup', () => {
  it('removes newest first, and goes on past a removal that fails, saying which', async () => {
    const cleanup = new Cleanup();
    const removed: string[] = [];
    cleanup.add('user 9', async () => void removed.push('user 9'));
    cleanup.add('batch 3', async () => {
      throw Object.assign(new Error('User is not authorized to perform: dynamodb:DeleteItem'), {
        name: 'AccessDeniedException',
      });
    });
    cleanup.add('webhook secret s', async () => void removed.push('secret'));
    cleanup.add('report r', async () => void removed.push('report'));
    cleanup.done('webhook secret s');
    expect(await cleanup.run()).toEqual({
      removed: ['report r', 'user 9'],
      failed: [
        {
          what: 'batch 3',
          error: 'AccessDeniedException: User is not authorized to perform: dynamodb:DeleteItem',
        },
      ],
    });
    expect(removed).toEqual(['report', 'user 9']);
    expect(await cleanup.run()).toEqual({ removed: [], failed: [] });
  });
});

describe('a batch check that fails midway', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    // The API as far as the batch check goes: the order is absent, the batch is made, then polling it fails.
    server = createServer((request, response) => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          ...headers,
        });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && request.url === `/v1/orders/${ABSENT_ORDER}`) {
        json(404, { code: 'not_found', message: 'The requested resource was not found.' });
      } else if (request.method === 'POST' && request.url === '/v1/orders/batches') {
        const at = '2026-01-01 10:00:00';
        json(
          201,
          { id: 41, status: 'pending', count: null, errors: null, created_at: at, updated_at: at },
          { location: `${baseUrl}/orders/batches/41` },
        );
      } else json(500, { code: 'internal_error', message: 'An unexpected error occurred.' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('says what failed in one line, and the batch it made is still removed', async () => {
    const { ctx, printed, cleanup } = context(baseUrl);
    await batchCheck(ctx, { caller: { token: 'token' }, store }, undefined);
    expect(printed).toEqual([
      expect.stringMatching(
        /^FAIL batch: POST \/orders\/batches, to completed \d+ ms GET \/orders\/batches\/41 answered 500 internal_error: An unexpected error occurred\., expected 200$/,
      ),
    ]);
    expect(await cleanup.run()).toEqual({ removed: ['batch 41'], failed: [] });
    expect(dynamo.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({ pk: 'BATCH#41', sk: 'BATCH' });
  });
});
