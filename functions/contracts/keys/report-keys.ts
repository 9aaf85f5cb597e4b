/** Where a report job lives in the table. */
export const reportKey = (id: string) => ({ pk: `REPORT#${id}`, sk: 'REPORT' });
