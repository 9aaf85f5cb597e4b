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
     * Ordered lists: an item in a list carries the list's name in `list` and its 1-based
     * `position` in it, so page N is one Query on a position range and costs what page 1 costs.
     * Catalogue listing partitions and each customer's orders are such lists.
     */
    byPosition: { name: 'byPosition', partitionKey: 'list', sortKey: 'position', sortKeyType: 'N' },
    /**
     * A customer's orders by creation time: the same `list` as above, sorted by `createdAt`
     * (`YYYY-MM-DD HH:MM:SS`), so the orders of a date range are one Query (reports).
     * Only orders carry both attributes, so the index holds nothing else.
     */
    byListCreation: { name: 'byListCreation', partitionKey: 'list', sortKey: 'createdAt', sortKeyType: 'S' },
    /** Every customer's orders by month (`createdMonth` = `YYYY-MM`), for administrators' reports. */
    byMonth: { name: 'byMonth', partitionKey: 'createdMonth', sortKey: 'createdAt', sortKeyType: 'S' },
  },
  /**
   * Items that may be deleted once this epoch-seconds time has passed (an idle caller's limits).
   * DynamoDB's TTL deletes them in AWS; the sandbox (dynalite, no TTL) keeps them, harmlessly.
   */
  expiresAt: 'expiresAt',
} as const;
