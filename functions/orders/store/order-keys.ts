/** Where an order lives in the table. */
export const orderKey = (id: number) => ({ pk: `ORDER#${id}`, sk: 'ORDER' });

/**
 * The list of a customer's orders (index byPosition): each order item carries `list` =
 * this name and `position` = its rank by creation (1 = oldest), so a page is a position range.
 */
export const customerOrdersList = (userId: number) => `USER#${userId}#ORDERS`;
