/**
 * Who the identity and order e2e tests act as, and the answers they expect, written from the
 * seed by hand (not with the functions' own view code). All e2e files share one sandbox, so a
 * test that changes a user does it only to a user set aside for it here.
 */
import type { UserRecord } from '#functions/identity/domain/user';
import type { OrderRecord } from '#functions/orders/domain/order';
import { ADMIN_USER_ID, customerOrdersNewestFirst, ORDER_COUNT, seedOrders, seedUsers } from './seed';

export const users = seedUsers();
export const orders = seedOrders();

export const userById = (id: number): UserRecord => {
  const user = users.find((u) => u.id === id);
  if (!user) throw new Error(`No user ${id} in the seed`);
  return user;
};

export const ADMIN = ADMIN_USER_ID;
/** The authorization matrix's owner and other customer; their records are only read (or rewritten unchanged). */
export const MATRIX_OWNER = 2;
export const MATRIX_OTHER = 3;
/** Users whose address or e-mail the update tests replace (and restore); no other test reads their record. */
export const ADDRESS_USER = 20;
export const EMAIL_USER = 19;
export const UPDATED_USERS: readonly number[] = [ADDRESS_USER, EMAIL_USER];
/**
 * The user examples/client/ runs as: its batch marks this user's two newest orders (2933 and
 * 2929 in the seed) sent today, and it asks for a report of theirs; no other test reads either.
 */
export const CLIENT_EXAMPLE_USER = 14;

/** Ids no seeded user or order has. */
export const UNKNOWN_USER_ID = users.length + 1;
export const UNKNOWN_ORDER_ID = ORDER_COUNT + 1;

export const NOT_FOUND = { code: 'not_found', message: 'The requested resource was not found.' };
export const UNAUTHORIZED = { code: 'unauthorized', message: 'A valid access token is required.' };
export const METHOD_NOT_ALLOWED = {
  code: 'method_not_allowed',
  message: 'This method is not allowed on this resource.',
};

export const expectedProfile = (id: number) => ({ id, username: userById(id).username });

export const expectedAddress = (user: UserRecord) => ({
  street: user.address.street,
  zip_code: user.address.zipCode,
  city: user.address.city,
});

/** The spec's user record, as `GET /@me` answers it. */
export const expectedUserRecord = (id: number) => {
  const user = userById(id);
  return {
    id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: { home: user.phone.home, mobile: user.phone.mobile },
    address: expectedAddress(user),
  };
};

export const expectedOrder = (order: OrderRecord) => ({
  id: order.id,
  user_id: order.userId,
  created_at: order.createdAt,
  status: order.status,
  total: { value: order.total.value, currency: order.total.currency },
  sent_on: order.sentOn,
});

export const expectedOrderSummary = (order: OrderRecord) => ({
  id: order.id,
  created_at: order.createdAt,
  status: order.status,
  total: { value: order.total.value, currency: order.total.currency },
});

/** A customer's orders, newest first (what `/@me/orders` pages through). */
export const ordersOf = (userId: number) => customerOrdersNewestFirst(orders, userId);

/** Page `page` of `/@me/orders` for `userId`, as the API should answer it. */
export const expectedOrdersPage = (userId: number, page = 1, limit = 20) =>
  ordersOf(userId)
    .slice((page - 1) * limit, page * limit)
    .map(expectedOrderSummary);
