import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '#functions/catalogue/handlers/get-product';
import { productItemKey } from '#functions/contracts/keys/catalogue-keys';
import { apiEvent, lambdaContext } from '../../support/api-event';
import { product } from '../product-fixtures';
import { GENERATION, mockActiveVersion } from './active-version-fixture';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

const get = (id: string, query?: Record<string, string[]>, headers?: Record<string, string>) =>
  handler(
    apiEvent({ resource: '/v1/products/{product_id}', pathParameters: { product_id: id }, query, headers }),
    lambdaContext,
  );

/** Product `id` as the active version reads it: the item of its generation (docs/decisions/catalogue-versions.md D90). */
const mockProduct = (id: number) =>
  dynamo
    .on(QueryCommand, { ExpressionAttributeValues: { ':pk': productItemKey(id, GENERATION).pk } })
    .resolves({ Items: [{ ...productItemKey(id, GENERATION), ...product(id) }] });

beforeEach(() => {
  dynamo.reset();
  mockActiveVersion(dynamo);
});

describe('GET /products/{product_id}', () => {
  it('answers the translated single-product view with an integer id', async () => {
    mockProduct(7);
    const response = await get('7', undefined, { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    expect(response.statusCode).toBe(200);
    // Its label is in French, its title fell back to English: Content-Language names both (D17).
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Content-Language': 'fr, en',
      Vary: 'Accept-Language',
      'Cache-Control': 'public, max-age=60',
    });
    const body = JSON.parse(response.body);
    expect(body).toMatchObject({
      id: 7,
      label: 'Produit 7',
      title: 'Title 7',
      type: 'book',
      author: 'A. Writer',
    });
    expect(body).not.toHaveProperty('pk');
    expect(body).not.toHaveProperty('price');
  });

  it('names the one language of a product whose every text is translated', async () => {
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': productItemKey(8, GENERATION).pk } })
      .resolves({
        Items: [
          {
            ...productItemKey(8, GENERATION),
            ...product(8, { title: { en: 'Title 8', fr: 'Titre 8' }, description: { en: 'A', fr: 'Un' } }),
          },
        ],
      });
    const response = await get('8', undefined, { 'Accept-Language': 'fr' });
    expect(response.headers?.['Content-Language']).toBe('fr');
  });

  it('keeps only the asked fields', async () => {
    mockProduct(7);
    const response = await get('7', { fields: ['id,label'] });
    expect(JSON.parse(response.body)).toEqual({ id: 7, label: 'Product 7' });
  });

  it('refuses a field the product does not have', async () => {
    const response = await get('7', { fields: ['id,secret'] });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).code).toBe('invalid_request');
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('answers 404 with the docs/decisions/http-requests.md D1 body for an unknown or malformed id, without reading for a malformed one', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    for (const id of ['999', 'abc', '0', '1e3', '../1']) {
      const response = await get(id);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({
        code: 'not_found',
        message: 'The requested resource was not found.',
      });
    }
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('hides a storage failure behind a general 500', async () => {
    dynamo
      .on(QueryCommand)
      .rejects(new Error('ResourceNotFoundException: table commerce-test arn:aws:dynamodb'));
    const response = await get('7');
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred.',
    });
  });
});
