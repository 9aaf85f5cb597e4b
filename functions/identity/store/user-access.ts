import type { TableAccess } from '#commons/table-access';
import type { UserStore } from './user-store';

/** User records (`USER#<id>`; the pattern also covers a customer's order-list counter, `USER#<id>#ORDERS`). */
const USERS = ['USER#*'];

/** What each operation of the user store (dynamodb-user-store.ts) does to the table (docs/decisions/functions-and-bundles.md D53). */
export const userStoreAccess = {
  getUser: [{ actions: ['dynamodb:GetItem'], leadingKeys: USERS }],
  replaceAddress: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: USERS }],
  replaceEmail: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: USERS }],
} as const satisfies Record<keyof UserStore, TableAccess>;

/** The first sign-in's record (first-sign-in-store.ts): a conditional put. */
export const firstSignInAccess = [
  { actions: ['dynamodb:PutItem'], leadingKeys: USERS },
] as const satisfies TableAccess;
