import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as v from 'valibot';
import { HttpError } from '#commons/http/errors';
import { readQuery } from '#commons/http/query';
import { handler as listBusinessUnits } from '#functions/catalogue/handlers/list-business-units';
import { handler as listProducts } from '#functions/catalogue/handlers/list-products';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

/** Names an object literal "has" through Object.prototype; as query parameters they are unknown. */
const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__proto__',
  '__defineGetter__',
];

/** A query map as API Gateway's event JSON gives it: `__proto__` is an own key there, as any other. */
const queryNamed = (name: string): Record<string, string[]> => JSON.parse(`{${JSON.stringify(name)}: ["1"]}`);

beforeEach(() => dynamo.reset());

describe('readQuery', () => {
  const shape = { page: v.optional(v.string()), brand: v.optional(v.array(v.string())) };

  it.each(PROTOTYPE_NAMES)(
    'refuses %s as an unknown parameter (400), not a schema of Object.prototype',
    (name) => {
      const read = () => readQuery(queryNamed(name), shape);
      expect(read).toThrow(HttpError);
      try {
        read();
      } catch (error) {
        expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
      }
    },
  );

  it('still reads the parameters the shape has', () => {
    expect(readQuery({ page: ['2'], brand: ['a,b', 'c'] }, shape)).toEqual({
      page: '2',
      brand: ['a', 'b', 'c'],
    });
  });
});

describe('a route given a query parameter named like an Object.prototype member', () => {
  it.each(PROTOTYPE_NAMES)(
    '%s: 400 invalid_request in the docs/decisions/http-requests.md D1 shape, nothing read',
    async (name) => {
      for (const [handler, resource] of [
        [listProducts, '/v1/products'],
        [listBusinessUnits, '/v1/business-units'],
      ] as const) {
        const response = await handler(apiEvent({ resource, query: queryNamed(name) }), lambdaContext);
        expect({ resource, status: response.statusCode }).toEqual({ resource, status: 400 });
        expect(JSON.parse(response.body)).toEqual({
          code: 'invalid_request',
          message: expect.stringMatching(
            /^The query parameter '[A-Za-z_]+' is not supported\.$|^A query parameter is not supported\.$/,
          ),
        });
      }
      expect(dynamo.calls()).toHaveLength(0);
    },
  );
});
