import type { TableAccess } from '#commons/table-access';
import { OUTCOME_PREFIX } from '#functions/contracts/keys/outcome-keys';
import type { OutcomeStore } from './outcome-store';

/**
 * What the outcome store (dynamodb-outcome-store.ts) does to the table (docs/decisions/functions-and-bundles.md D53; docs/decisions/order-and-user-events.md D78):
 * one UpdateItem of the event's outcome item, `EVENT#<event id>`, and nothing else of that kind.
 */
export const outcomeStoreAccess = {
  record: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: [`${OUTCOME_PREFIX}*`] }],
} as const satisfies Record<keyof OutcomeStore, TableAccess>;
