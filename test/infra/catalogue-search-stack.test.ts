/**
 * The search routes' access to the import bucket (docs/decisions/search-engine.md D68): the two functions that
 * answer a criteria object know the bucket and may read its search snapshots, nothing else of it;
 * no other function reads them.
 */

import { CATALOGUE_ENV } from '#functions/contracts/environment';
import { SEARCH_SNAPSHOT_PATTERN } from '#functions/contracts/keys/import-object-keys';
import { SEARCH_ROUTES } from '#lib/commerce-api-stack';
import { dev, environmentOf, logicalId, statementsOf, withActionPrefix } from './support/report-template';

const { catalogue, api } = dev.stack;
const bucketId = logicalId(catalogue.importBucket.bucket);
const snapshots = { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${SEARCH_SNAPSHOT_PATTERN}`]] };
const mentionsBucket = (statement: unknown) => JSON.stringify(statement).includes(bucketId);

describe('the search routes', () => {
  it.each(SEARCH_ROUTES)('%s may only GetObject the search snapshots of the import bucket', (route) => {
    const id = logicalId(api.functionFor(route));
    expect(environmentOf(id)[CATALOGUE_ENV.bucket]).toEqual({ Ref: bucketId });
    expect(withActionPrefix(statementsOf(id), 's3:')).toEqual([
      { Effect: 'Allow', Action: 's3:GetObject', Resource: snapshots },
    ]);
  });

  it('are the only routes that reach the import bucket', () => {
    const others = [...api.functions].filter(
      ([name]) => !(SEARCH_ROUTES as readonly string[]).includes(name),
    );
    for (const [name, fn] of others) {
      expect([name, statementsOf(logicalId(fn)).filter(mentionsBucket)]).toEqual([name, []]);
    }
  });
});
