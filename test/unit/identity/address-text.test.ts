import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as putAddress } from '#functions/identity/handlers/put-user-address';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

beforeEach(() => {
  dynamo.reset();
  dynamo.on(UpdateCommand).resolves({});
});

/** A PUT of the address as the client wrote it (raw JSON, so `\ud800` stays an escape). */
const put = (body: string) =>
  putAddress(
    apiEvent({
      method: 'PUT',
      resource: '/v1/users/{user_id}/address',
      pathParameters: { user_id: '7' },
      body,
      caller: { userId: 7 },
    }),
    lambdaContext,
  );

/** A 400 that names the field, and nothing stored. */
const expectRefused = async (field: string, body: string) => {
  const response = await put(body);
  expect(response.statusCode).toBe(400);
  expect(JSON.parse(response.body)).toEqual({
    code: 'invalid_request',
    message: `The field '${field}' is invalid.`,
  });
  expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
};

describe('PUT /users/{user_id}/address with text that is not Unicode (a lone surrogate)', () => {
  it.each([
    ['street', '{"street":"\\ud800","zip_code":"75002","city":"Paris"}'],
    ['zip_code', '{"street":"1 rue de la Paix","zip_code":"7500\\udfff","city":"Paris"}'],
    ['city', '{"street":"1 rue de la Paix","zip_code":"75002","city":"\\udfff\\ud800"}'],
  ])('refuses it in %s with a 400 and stores nothing', async (field, body) => {
    await expectRefused(field, body);
  });

  it('stores real text: accents and characters outside the BMP (surrogate pairs)', async () => {
    const response = await put('{"street":"Straße 1 \\ud83c\\udfe0","zip_code":"80331","city":"München 🥨"}');
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      street: 'Straße 1 🏠',
      zip_code: '80331',
      city: 'München 🥨',
    });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
  });
});

describe('PUT /users/{user_id}/address with invisible or direction-changing text (docs/decisions/http-requests.md D62)', () => {
  it.each([
    [
      'street',
      'three zero-width spaces',
      '{"street":"\\u200b\\u200b\\u200b","zip_code":"75002","city":"Paris"}',
    ],
    [
      'street',
      'a right-to-left override',
      '{"street":"1 rue \\u202ede la Paix","zip_code":"75002","city":"Paris"}',
    ],
    [
      'zip_code',
      'a zero-width joiner',
      '{"street":"1 rue de la Paix","zip_code":"750\\u200d02","city":"Paris"}',
    ],
    [
      'zip_code',
      'a byte order mark at the end',
      '{"street":"1 rue de la Paix","zip_code":"75002\\ufeff","city":"Paris"}',
    ],
    ['city', 'a line separator', '{"street":"1 rue de la Paix","zip_code":"75002","city":"Par\\u2028is"}'],
    [
      'city',
      'a paragraph separator at the start',
      '{"street":"1 rue de la Paix","zip_code":"75002","city":"\\u2029Paris"}',
    ],
    ['city', 'a soft hyphen', '{"street":"1 rue de la Paix","zip_code":"75002","city":"Pa\\u00adris"}'],
    ['street', 'nothing but white space', '{"street":" \\u00a0 ","zip_code":"75002","city":"Paris"}'],
  ])('refuses it in %s (%s) with a 400 naming the field and stores nothing', async (field, _, body) => {
    await expectRefused(field, body);
  });

  it('keeps visible text from any script, right-to-left included', async () => {
    const response = await put('{"street":"شارع الحرية 5","zip_code":"11511","city":"القاهرة"}');
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      street: 'شارع الحرية 5',
      zip_code: '11511',
      city: 'القاهرة',
    });
  });
});
