import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as putAddress } from '#functions/identity/handlers/put-user-address';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  dynamo.reset();
  dynamo.on(UpdateCommand).resolves({});
});

/** The body as API Gateway hands it over (the API's binary media types match any type): base64 of the bytes sent. */
const put = (bytes: Buffer) =>
  putAddress(
    {
      ...apiEvent({
        method: 'PUT',
        resource: '/v1/users/{user_id}/address',
        pathParameters: { user_id: '7' },
        caller: { userId: 7 },
        headers: { 'Content-Type': 'application/json' },
      }),
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    },
    lambdaContext,
  );

const body = (street: Buffer) =>
  Buffer.concat([Buffer.from('{"street":"'), street, Buffer.from('","zip_code":"75002","city":"Paris"}')]);

describe('a request body that is not UTF-8 (docs/decisions/http-requests.md D63)', () => {
  it.each([
    ['a lone continuation byte', Buffer.from([0x31, 0x80])],
    ['Latin-1 text', Buffer.from('Straße', 'latin1')],
    ['an overlong encoding of "/"', Buffer.from([0xc0, 0xaf])],
    ['an encoded surrogate', Buffer.from([0xed, 0xa0, 0x80])],
    ['a truncated sequence', Buffer.from([0xe2, 0x82])],
  ])('is a 400 when it holds %s, and nothing is stored', async (_, bytes) => {
    const response = await put(body(bytes));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      code: 'invalid_request',
      message: 'The request body is not valid UTF-8.',
    });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('is read as it was sent when it is UTF-8, with characters of every length', async () => {
    const response = await put(body(Buffer.from('Straße 1 € 🏠')));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).street).toBe('Straße 1 € 🏠');
  });

  it('still refuses a byte order mark before the JSON, as JSON.parse always did', async () => {
    const response = await put(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body(Buffer.from('1'))]));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).message).toBe('The request body is not valid JSON.');
  });
});
