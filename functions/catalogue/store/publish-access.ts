/**
 * What the publish task does to the table, kept next to its store (dynamodb-publish-store.ts)
 * so the stack grants exactly this (lib/catalogue-publishing.ts): these actions, and only on
 * items whose partition key is a catalogue version's (`CAT#…`) or the control partition.
 */
export const PUBLISH_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchWriteItem',
  'dynamodb:BatchGetItem',
] as const;

export const PUBLISH_LEADING_KEYS = ['CAT#*', 'CATALOGUE'] as const;
