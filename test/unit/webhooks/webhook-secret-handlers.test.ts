import { clearCaches } from '@aws-lambda-powertools/parameters';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { WEBHOOK_ENV } from '#functions/contracts/environment';
import { deriveWebhookSecret } from '#functions/webhooks/domain/webhook-secret';
import { handler as createSecret } from '#functions/webhooks/handlers/create-webhook-secret';
import { handler as deleteSecret } from '#functions/webhooks/handlers/delete-webhook-secret';
import { handler as listSecrets } from '#functions/webhooks/handlers/list-webhook-secrets';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
const secrets = mockClient(SecretsManagerClient);
const STAGE_KEY = 'stage-key-'.repeat(7);
const KEY_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:commerce-api-dev-webhook-key-AbCdEf';
Object.assign(process.env, {
  [WEBHOOK_ENV.keySecretId]: KEY_ARN,
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const stored = (ids: string[]) =>
  dynamo.on(GetCommand, { Key: { pk: 'WHSEC#2', sk: 'WHSEC' } }).resolves({
    Item: {
      pk: 'WHSEC#2',
      sk: 'WHSEC',
      secrets: ids.map((id) => ({ id, createdAt: '2026-11-20 08:00:00' })),
    },
  });

beforeEach(() => {
  dynamo.reset();
  secrets.reset();
  secrets.on(GetSecretValueCommand, { SecretId: KEY_ARN }).resolves({ SecretString: STAGE_KEY });
  dynamo.on(UpdateCommand).resolves({});
});

const me = '/v1/{me}/webhook-secrets';
const post = (body?: string, userId = 2) =>
  createSecret(
    apiEvent({
      method: 'POST',
      resource: me,
      pathParameters: { me: '@me' },
      ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/json' } }),
      caller: { userId },
    }),
    lambdaContext,
  );

describe('POST /@me/webhook-secrets (docs/decisions/report-export.md D60)', () => {
  it.each([
    ['no body', undefined],
    ['an empty object', '{}'],
  ])('with %s: 201 with the secret, shown this once and never cached', async (_, body) => {
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    expect(response.headers).toMatchObject({ 'Cache-Control': 'no-store' });
    const created = JSON.parse(response.body) as { id: string; created_at: string; secret: string };
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      secret: deriveWebhookSecret(STAGE_KEY, 2, created.id),
    });
    // What is stored: the id and the date, never the secret.
    const [update] = dynamo.commandCalls(UpdateCommand);
    expect(update!.args[0].input).toMatchObject({
      Key: { pk: 'WHSEC#2', sk: 'WHSEC' },
      ConditionExpression: 'attribute_not_exists(#secrets) OR size(#secrets) < :max',
      ExpressionAttributeValues: { ':new': [{ id: created.id, createdAt: created.created_at }], ':max': 2 },
    });
    expect(JSON.stringify(update!.args[0].input)).not.toContain(created.secret);
  });

  it('answers 409 when the caller has two already, and shows no secret', async () => {
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    const response = await post();
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toEqual({
      code: 'too_many_webhook_secrets',
      message: 'At most 2 webhook secrets may be active at once; delete one first.',
    });
  });

  it('refuses a field in the body, naming it', async () => {
    const response = await post('{"name":"prod"}');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).message).toBe("The field 'name' is not supported.");
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('records nothing when the stage key cannot be read (a 500)', async () => {
    secrets.reset();
    secrets.on(GetSecretValueCommand).rejects(new Error('AccessDenied'));
    clearCaches(); // Powertools keeps the key five minutes
    const response = await createSecret(
      apiEvent({ method: 'POST', resource: me, pathParameters: { me: '@me' }, caller: { userId: 77 } }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(500);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('GET /@me/webhook-secrets', () => {
  it("lists the caller's secrets as ids and dates only", async () => {
    stored([ID_A, ID_B]);
    const response = await listSecrets(
      apiEvent({ resource: me, pathParameters: { me: '@me' }, caller: { userId: 2 } }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual([
      { id: ID_A, created_at: '2026-11-20 08:00:00' },
      { id: ID_B, created_at: '2026-11-20 08:00:00' },
    ]);
    expect(response.body).not.toContain('whsec_');
    expect(dynamo.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ ConsistentRead: true });
  });
});

describe('DELETE /@me/webhook-secrets/{secret_id}', () => {
  const remove = (secretId: string) =>
    deleteSecret(
      apiEvent({
        method: 'DELETE',
        resource: `${me}/{secret_id}`,
        pathParameters: { me: '@me', secret_id: secretId },
        caller: { userId: 2 },
      }),
      lambdaContext,
    );

  it('removes exactly that one, on the condition that it is still where it was read', async () => {
    stored([ID_A, ID_B]);
    const response = await remove(ID_B);
    expect(response.statusCode).toBe(204);
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'REMOVE #secrets[1]',
      ConditionExpression: '#secrets[1].#id = :id',
      ExpressionAttributeValues: { ':id': ID_B },
    });
  });

  it('answers 404 for an id the caller does not have, or one that is no id', async () => {
    stored([ID_A]);
    for (const id of [ID_B, 'not-a-uuid']) {
      const response = await remove(id);
      expect(response.statusCode).toBe(404);
    }
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
