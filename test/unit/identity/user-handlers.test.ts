import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { userKey } from '#functions/contracts/keys/identity-keys';
import { handler as getImplicitProfile } from '#functions/identity/handlers/get-implicit-profile';
import { handler as getMe } from '#functions/identity/handlers/get-me';
import { handler as getProfile } from '#functions/identity/handlers/get-profile';
import { handler as putAddress } from '#functions/identity/handlers/put-user-address';
import { handler as putEmail } from '#functions/identity/handlers/put-user-email';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
const user = (id: number) => ({
  ...userKey(id),
  id,
  username: `user${id}`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `user${id}@example.com`,
  phone: { home: '+33 1 00 00 00 00', mobile: '+33 6 00 00 00 00' },
  address: { street: '1 rue de la Paix', zipCode: '75002', city: 'Paris' },
});
const bodyOf = (r: { body: string }) => JSON.parse(r.body);
const NOT_FOUND = { code: 'not_found', message: 'The requested resource was not found.' };

beforeEach(() => {
  dynamo.reset();
  dynamo
    .on(GetCommand)
    .callsFake(({ Key }) => ({ Item: Key.pk === 'USER#99' ? undefined : user(Number(Key.pk.slice(5))) }));
});

describe('profiles', () => {
  const get = (userId: string, caller?: { userId: number; admin?: boolean }) =>
    getProfile(
      apiEvent({ resource: '/v1/profiles/{user_id}', pathParameters: { user_id: userId }, caller }),
      lambdaContext,
    );

  it('shows the owner and an administrator the profile', async () => {
    expect(bodyOf(await get('2', { userId: 2 }))).toEqual({ id: 2, username: 'user2' });
    expect(bodyOf(await get('2', { userId: 1, admin: true }))).toEqual({ id: 2, username: 'user2' });
  });

  it('answers another customer exactly as for an unknown user, without reading it', async () => {
    const other = await get('2', { userId: 3 });
    const unknown = await get('99', { userId: 1, admin: true });
    expect([other.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(other.body).toBe(unknown.body);
    expect(bodyOf(other)).toEqual(NOT_FOUND);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
  });

  it('is a 401 with WWW-Authenticate when the authorizer passed no caller', async () => {
    const response = await get('2');
    expect(response.statusCode).toBe(401);
    expect(response.headers?.['WWW-Authenticate']).toBe('Bearer');
    expect(bodyOf(response).code).toBe('unauthorized');
  });

  it('gives the implicit form the username only, and @me the user record, never cached', async () => {
    const implicit = await getImplicitProfile(
      apiEvent({ resource: '/v1/profile', caller: { userId: 4 } }),
      lambdaContext,
    );
    expect(bodyOf(implicit)).toEqual({ username: 'user4' });
    const me = await getMe(apiEvent({ resource: '/v1/@me', caller: { userId: 4 } }), lambdaContext);
    expect(me.headers?.['Cache-Control']).toBe('no-store');
    expect(bodyOf(me)).toEqual({
      id: 4,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'user4@example.com',
      phone: { home: '+33 1 00 00 00 00', mobile: '+33 6 00 00 00 00' },
      address: { street: '1 rue de la Paix', zip_code: '75002', city: 'Paris' },
    });
  });
});

describe('PUT /users/{user_id}/address and /email', () => {
  const put = (
    h: typeof putAddress,
    resource: string,
    userId: string,
    body: string,
    caller = { userId: 2 },
  ) =>
    h(
      apiEvent({ method: 'PUT', resource, pathParameters: { user_id: userId }, body, caller }),
      lambdaContext,
    );
  const address = (body: string, userId = '2', caller = { userId: 2 }) =>
    put(putAddress, '/v1/users/{user_id}/address', userId, body, caller);
  const email = (body: string, userId = '2', caller = { userId: 2 }) =>
    put(putEmail, '/v1/users/{user_id}/email', userId, body, caller);

  it('replaces the whole address in one conditional write', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const response = await address('{"street":"2 Main St","zip_code":"10001","city":"New York"}');
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ street: '2 Main St', zip_code: '10001', city: 'New York' });
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: userKey(2),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':value': { street: '2 Main St', zipCode: '10001', city: 'New York' } },
    });
  });

  it.each([
    ['a partial body', '{"street":"2 Main St","city":"New York"}'],
    ['an extended body', '{"street":"a","zip_code":"1","city":"b","country":"US"}'],
    ['a wrongly typed field', '{"street":"a","zip_code":10001,"city":"b"}'],
    ['an empty field', '{"street":"","zip_code":"1","city":"b"}'],
    ['an array', '[]'],
    ['broken JSON', '{"street":'],
  ])('refuses %s with a 400 and writes nothing', async (_, body) => {
    const response = await address(body);
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).code).toBe('invalid_request');
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it("answers another customer's user and an unknown user with the same 404", async () => {
    dynamo
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    const other = await address('{"street":"a","zip_code":"1","city":"b"}', '3');
    const unknown = await address('{"street":"a","zip_code":"1","city":"b"}', '99', {
      userId: 1,
      admin: true,
    } as never);
    expect([other.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(other.body).toBe(unknown.body);
  });

  it('takes the e-mail as a JSON string holding a valid address', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const ok = await email('"ada@example.org"');
    expect([ok.statusCode, bodyOf(ok)]).toEqual([200, 'ada@example.org']);
    for (const bad of ['"not-an-email"', '{"email":"ada@example.org"}', 'ada@example.org', '""']) {
      expect((await email(bad)).statusCode).toBe(400);
    }
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
  });
});

describe('@me resources', () => {
  it('answer 404 when the path variable standing for @me holds anything else', async () => {
    const event = apiEvent({ resource: '/v1/{me}', pathParameters: { me: 'nope' }, caller: { userId: 2 } });
    const response = await getMe(event, lambdaContext);
    expect([response.statusCode, bodyOf(response)]).toEqual([404, NOT_FOUND]);
    const ok = await getMe({ ...event, pathParameters: { me: '@me' } }, lambdaContext);
    expect(ok.statusCode).toBe(200);
  });
});
