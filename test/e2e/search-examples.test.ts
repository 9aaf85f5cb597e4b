/**
 * Issue 15, "tried as a new user would with curl": the example the OpenAPI document gives for each
 * search criterion answers as documented, a 200 with products of the seed, posted and as
 * `searchCriteria` alike.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { api } from './support/api';
import { q } from './support/listing-expectations';

interface Schema {
  readonly examples?: readonly unknown[];
  readonly properties?: Record<string, Schema>;
}
const document = JSON.parse(readFileSync(path.join(projectRoot, 'docs', 'openapi.json'), 'utf8'));
const criteria: Schema =
  document.paths['/products/search'].post.requestBody.content['application/json'].schema;

const examples: [string, unknown][] = [
  ...Object.entries(criteria.properties ?? {}).flatMap(([name, property]) =>
    (property.examples ?? []).map((example) => [name, { [name]: example }] as [string, unknown]),
  ),
];

it('documents an example of every criterion', () => {
  expect(examples.map(([name]) => name).sort()).toEqual(Object.keys(criteria.properties ?? {}).sort());
});

it.each(examples)(
  'the example of %s answers 200 with products, posted and in searchCriteria',
  async (_, example) => {
    const [posted, inQuery] = await Promise.all([
      api('/products/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(example),
      }),
      api(`/products?searchCriteria=${q(JSON.stringify(example))}`),
    ]);
    expect({ example, status: posted.status }).toEqual({ example, status: 200 });
    expect(Array.isArray(posted.body) && posted.body.length > 0).toBe(true);
    expect(inQuery.body).toEqual(posted.body);
  },
);
