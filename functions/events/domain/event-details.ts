import type { Address, Phone, UserRecord } from '../../identity/domain/user';
import type { OrderRecord, OrderStatus } from '../../orders/domain/order';

/**
 * The details the bus's events carry (the schemas of functions/events/schemas/, published in
 * docs/events/), once their schema holds. Every detail names its event (`eventId`, the same on a redelivery) and when it happened; order and
 * user details carry the version of their record, which orders the changes of one record.
 */
interface Versioned {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly version: number;
}

/** `order.placed`: the order, as OrderRecord has it. */
export interface OrderPlaced extends Versioned, OrderRecord {}

/** `order.status_changed`: the order's new status and sending day. */
export interface OrderStatusChanged extends Versioned {
  readonly id: number;
  readonly status: OrderStatus;
  readonly sentOn: string | null;
}

/** `user.registered` and `user.updated`: the user's whole record. */
export interface UserChanged extends Versioned, UserRecord {}

export const orderRecordOf = (placed: OrderPlaced): OrderRecord => ({
  id: placed.id,
  userId: placed.userId,
  createdAt: placed.createdAt,
  status: placed.status,
  total: { value: placed.total.value, currency: placed.total.currency },
  sentOn: placed.sentOn,
});

export const userRecordOf = (changed: UserChanged): UserRecord => {
  const phone: Phone = { home: changed.phone.home, mobile: changed.phone.mobile };
  const address: Address = {
    street: changed.address.street,
    zipCode: changed.address.zipCode,
    city: changed.address.city,
  };
  return {
    id: changed.id,
    username: changed.username,
    firstName: changed.firstName,
    lastName: changed.lastName,
    email: changed.email,
    phone,
    address,
  };
};
