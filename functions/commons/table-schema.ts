/**
 * Key schema of the one DynamoDB table. The storage construct builds the table from this,
 * the adapters address items with it, and the sandbox creates its local table from the
 * synthesized construct, so the names are written down once.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: {
    /**
     * Listing positions: every listing item carries its 1-based `position` within its
     * listing partition, so page N of a listing is one Query on a position range and costs
     * exactly what page 1 costs.
     */
    byPosition: { name: 'byPosition', partitionKey: 'pk', sortKey: 'position', sortKeyType: 'N' },
  },
} as const;

/** Environment variable that carries the table name to every function. */
export const TABLE_NAME_ENV = 'TABLE_NAME';
