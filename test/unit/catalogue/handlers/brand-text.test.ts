import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler as list } from '#functions/catalogue/handlers/list-products';
import { handler as search } from '#functions/catalogue/handlers/search-products';
import { apiEvent, lambdaContext } from '../../support/api-event';
import { mockEmptyCatalogue } from './empty-catalogue';

const dynamo = mockEmptyCatalogue();

/** Criteria as a client writes them: `\ud800` is a JSON escape for a lone surrogate. */
const criteriaWithBrand = (brandJson: string) => `{"brand":[${brandJson}],"limit":5}`;

const viaBody = (criteria: string) =>
  search(apiEvent({ method: 'POST', resource: '/v1/products/search', body: criteria }), lambdaContext);
const viaQuery = (criteria: string) =>
  list(apiEvent({ resource: '/v1/products', query: { searchCriteria: [criteria] } }), lambdaContext);

describe('a brand that is not Unicode text (a lone surrogate)', () => {
  it.each([
    ['a lone high surrogate', '"\\ud800"'],
    ['a lone low surrogate', '"Acme\\udfff"'],
    ['surrogates in the wrong order', '"\\udca9\\ud83d"'],
  ])('%s is a 400 in the search body and in searchCriteria, and reads nothing', async (_, brand) => {
    for (const answer of [
      await viaBody(criteriaWithBrand(brand)),
      await viaQuery(criteriaWithBrand(brand)),
    ]) {
      // It used to reach the listing key's encodeURIComponent, throw URIError and answer 500.
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        code: 'invalid_request',
        message: "The field 'brand' is invalid.",
      });
    }
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('leaves real text alone: accents, `|` and a character outside the BMP (a surrogate pair)', async () => {
    for (const brand of ['"Café|Ñu"', '"\\ud83d\\udca9 Poo"', '"Bücher 📚"']) {
      expect((await viaBody(criteriaWithBrand(brand))).statusCode).toBe(200);
      expect((await viaQuery(criteriaWithBrand(brand))).statusCode).toBe(200);
    }
    // Searched in memory (docs/decisions/search-engine.md D68): no key is made of the brand.
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('a brand with invisible or direction-changing characters (docs/decisions/http-requests.md D62)', () => {
  it.each([
    ['a right-to-left override', '"\\u202eVoltix"'],
    ['a zero-width space', '"Vol\\u200btix"'],
    ['a byte order mark', '"\\ufeffVoltix"'],
    ['a line separator', '"Voltix\\u2028"'],
  ])('%s is a 400 naming brand in the search body, in searchCriteria and in the query', async (_, brand) => {
    const inQuery = await list(
      apiEvent({ resource: '/v1/products', query: { brand: [JSON.parse(brand) as string] } }),
      lambdaContext,
    );
    for (const answer of [
      await viaBody(criteriaWithBrand(brand)),
      await viaQuery(criteriaWithBrand(brand)),
      inQuery,
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body).message).toMatch(/^The (field|query parameter) 'brand' is invalid\.$/);
    }
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
