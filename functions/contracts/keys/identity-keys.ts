/** Where a user lives in the table. */
export const userKey = (id: number) => ({ pk: `USER#${id}`, sk: 'USER' });
