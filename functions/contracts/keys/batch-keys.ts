/** Where a batch lives in the table. */
export const batchKey = (id: number) => ({ pk: `BATCH#${id}`, sk: 'BATCH' });

/** The atomic counter batch ids come from (`ADD value 1`). */
export const batchCounterKey = { pk: 'COUNTER', sk: 'BATCH' } as const;
