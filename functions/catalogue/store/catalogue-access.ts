/**
 * What the catalogue's functions do to the table, kept next to their stores so the stack grants
 * exactly this (lib/api-function.ts, lib/catalogue-publishing.ts): only items whose partition
 * key is a catalogue version's (`CAT#…`, listing partitions on the byPosition index included) or
 * the control partition (`CATALOGUE`), never a user, an order, a batch or a report job.
 */
export const CATALOGUE_LEADING_KEYS = ['CAT#*', 'CATALOGUE'] as const;

/**
 * The catalogue routes (dynamodb-catalogue-store.ts, active-version.ts): reads only; BatchGetItem
 * for the summaries of a listing's partitions, in one request.
 */
export const CATALOGUE_READ_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
] as const;

/** The publish task (dynamodb-publish-store.ts). */
export const PUBLISH_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchWriteItem',
  'dynamodb:BatchGetItem',
] as const;
