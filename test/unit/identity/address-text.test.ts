import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as putAddress } from '../../../functions/identity/handlers/put-user-address';
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

describe('PUT /users/{user_id}/address with text that is not Unicode (a lone surrogate)', () => {
  it.each([
    ['street', '{"street":"\\ud800","zip_code":"75002","city":"Paris"}'],
    ['zip_code', '{"street":"1 rue de la Paix","zip_code":"7500\\udfff","city":"Paris"}'],
    ['city', '{"street":"1 rue de la Paix","zip_code":"75002","city":"\\udfff\\ud800"}'],
  ])('refuses it in %s with a 400 and stores nothing', async (field, body) => {
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      code: 'invalid_request',
      message: `The field '${field}' is invalid.`,
    });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
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
