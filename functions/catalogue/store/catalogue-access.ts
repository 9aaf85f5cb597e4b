import type { TableAccess } from '#commons/table-access';

/**
 * What the catalogue's stores do to the table (docs/decisions/functions-and-bundles.md D53): only items whose partition
 * key is a catalogue version's (`CAT#…`) or the control partition (`CATALOGUE`), never a user,
 * an order, a batch or a report job.
 */
export const CATALOGUE_LEADING_KEYS = ['CAT#*', 'CATALOGUE'] as const;

/**
 * The catalogue routes' store (dynamodb-catalogue-store.ts, active-version.ts): reads only, of
 * single items; listings read the search snapshot, not the table (docs/decisions/search-engine.md D91).
 */
export const catalogueReadAccess = [
  { actions: ['dynamodb:GetItem', 'dynamodb:Query'], leadingKeys: CATALOGUE_LEADING_KEYS },
] as const satisfies TableAccess;

/** The publish task's store (dynamodb-publish-store.ts), on the table only. */
export const publishStoreAccess = [
  {
    actions: [
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ],
    leadingKeys: CATALOGUE_LEADING_KEYS,
  },
] as const satisfies TableAccess;
