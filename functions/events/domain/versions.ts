/**
 * The version rule of docs/decisions/order-and-user-events.md D47: a change to a record is applied only when its version
 * is above the stored one, so a redelivered, duplicated or late event changes nothing. Records
 * written before events carried versions count as these versions.
 */

/** An order the seed or the API wrote without a version: the version of the event that placed it. */
export const UNVERSIONED_ORDER = 1;

/** A user record made without an event (the seed, a first Cognito sign-in): any event's version is above it. */
export const UNVERSIONED_USER = 0;

export const storedVersion = (stored: unknown, unversioned: number): number =>
  typeof stored === 'number' && Number.isInteger(stored) ? stored : unversioned;

export const isNewer = (eventVersion: number, stored: unknown, unversioned: number): boolean =>
  eventVersion > storedVersion(stored, unversioned);
