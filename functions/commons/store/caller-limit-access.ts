import { CALLER_LIMIT_KEY_PREFIX, type LimitScope } from '#functions/contracts/keys/caller-limit-keys';
import type { TableAccess } from '../table-access';
import type { CallerLimitStore } from './caller-limit-store';

/**
 * What each operation of the per-caller limits store (dynamodb-caller-limit-store.ts) does to the
 * table (docs/decisions/functions-and-bundles.md D53; docs/decisions/limits-and-throttles.md D59), for one scope: only that scope's items, `LIMIT#<scope>#<user>`,
 * so a function limited on report polls cannot touch a caller's batch or report buckets.
 */
export const callerLimitAccess = (scope: LimitScope) => {
  const leadingKeys = [`${CALLER_LIMIT_KEY_PREFIX}${scope}#*`];
  return {
    // One or two conditional updates; a refused request reads the item for its Retry-After.
    take: [{ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], leadingKeys }],
    release: [{ actions: ['dynamodb:UpdateItem'], leadingKeys }],
  } as const satisfies Record<keyof CallerLimitStore, TableAccess>;
};
