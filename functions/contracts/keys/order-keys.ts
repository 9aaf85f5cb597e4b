/** Where an order lives in the table. */
export const orderKey = (id: number) => ({ pk: `ORDER#${id}`, sk: 'ORDER' });

/**
 * The list of a customer's orders (index byPosition): each order item carries `list` =
 * this name and `position` = its rank by creation (1 = oldest), so a page is a position range.
 */
export const customerOrdersList = (userId: number) => `USER#${userId}#ORDERS`;

/** The month partition of an order (index byMonth): `YYYY-MM` of its `createdAt`. */
export const orderMonth = (createdAt: string) => createdAt.slice(0, 7);

/** The month partitions (`YYYY-MM`, in order) that orders created between two times fall in. */
export const monthsBetween = (from: string, to: string): string[] => {
  const months: string[] = [];
  let [year, month] = orderMonth(from).split('-').map(Number) as [number, number];
  const last = orderMonth(to);
  for (let current = orderMonth(from); current <= last; ) {
    months.push(current);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  }
  return months;
};
