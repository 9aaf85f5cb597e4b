/**
 * Why the consumer refuses an event: it fails its schema (or is not one of ours), names a user
 * that does not exist (an order's customer), or changes an order that does not exist. The record
 * is reported failed: it is delivered again and, after the queue's maxReceiveCount receives,
 * lands in the dead-letter queue (docs/decisions/order-and-user-events.md D47). Nothing of it has been written.
 */
export type RejectionReason = 'invalid' | 'unknown-user' | 'unknown-order';

export class EventRejected extends Error {
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'EventRejected';
  }
}
