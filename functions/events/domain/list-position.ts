/**
 * Where a new order goes in its customer's list (docs/decisions/http-requests.md D7; docs/decisions/order-and-user-events.md D47): right after the last
 * one. The customer's counter says how many orders the list holds; a list written before the
 * counter existed (the seed written straight into the table) is as long as its last position.
 */
export const nextPosition = (counter: number | undefined, lastListed: number | undefined): number =>
  (counter ?? lastListed ?? 0) + 1;
