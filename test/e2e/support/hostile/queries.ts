/** Hostile query strings: known and odd parameter names, hostile values, and broken `searchCriteria`. */
import fc from 'fast-check';
import { bodyMutationArbitrary, mutateBody } from './bodies';
import { SEARCH_CRITERIA } from './targets';
import { encoded, hostileText, rawPart, type UrlPart } from './url-parts';

/** Every query parameter some route reads (docs/decisions/http-requests.md D7, D9), so the hostile values reach real validation. */
const KNOWN_PARAMETERS = [
  'page',
  'limit',
  'fields',
  'country',
  'currency',
  'productType',
  'brand',
  'business-unit',
  'searchCriteria',
  'location_id',
];

const parameterName: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_PARAMETERS).map(encoded) },
  { weight: 1, arbitrary: fc.constantFrom('Page', 'LIMIT', 'page[]', 'page.x', 'fields ', '').map(encoded) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf')
      .map(encoded),
  },
  { weight: 2, arbitrary: hostileText(300).map(encoded) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '&', '=', '==', '+').map(rawPart) },
);

const searchCriteriaText = fc.oneof(
  fc.constantFrom('{', '{"page":', '{"page":1e309}', '{"limit":-1}', '[1,2]', 'null', '"x"', '{"brand":[1]}'),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 1, max: 3_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
);

const parameterValue: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 5, arbitrary: hostileText(3_000).map(encoded) },
  { weight: 1, arbitrary: searchCriteriaText.map(encoded) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '%', '%zz', '%00', '%C3%28', '+', 'a=b', 'book,,computer').map(rawPart),
  },
);

export interface HostileQuery {
  readonly wire: string;
  readonly values: readonly string[];
}

/** `searchCriteria` holding the search criteria, broken the ways a JSON body is (see bodyMutation). */
const criteriaParameter = fc
  .constant(null)
  .chain(() => bodyMutationArbitrary())
  .map((mutation) => [encoded('searchCriteria'), encoded(mutateBody(SEARCH_CRITERIA, mutation))] as const);

/**
 * One to five parameters, with unknown names and hostile values, encoded or raw; some repeated,
 * a few of them hundreds of times.
 */
export const hostileQuery: fc.Arbitrary<HostileQuery> = fc
  .tuple(
    fc.array(fc.oneof({ weight: 5, arbitrary: fc.tuple(parameterName, parameterValue) }, criteriaParameter), {
      minLength: 1,
      maxLength: 5,
    }),
    fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 3 }) }, fc.integer({ min: 50, max: 400 })),
  )
  .map(([pairs, repeats]) => {
    const all = [
      ...pairs,
      ...Array.from(
        { length: repeats },
        (_, i) => [pairs[i % pairs.length]![0], pairs[(i * 7) % pairs.length]![1]] as const,
      ),
    ];
    return {
      wire: all.map(([name, value]) => `${name.wire}=${value.wire}`).join('&'),
      values: all.map(([, value]) => value.text),
    };
  });

// ---- bodies -----------------------------------------------------------------------------------
