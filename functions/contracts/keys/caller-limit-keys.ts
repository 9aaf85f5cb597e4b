/**
 * Per-caller limits in the table (docs/decisions/limits-and-throttles.md D25;
 * docs/decisions/report-export.md D56; docs/decisions/order-batches.md D57, D58): one item per caller and scope,
 * `LIMIT#<scope>#<user id>` / `LIMIT`, holding the caller's GCRA `tat` (functions/commons/gcra.ts)
 * and, for the scopes that count work in progress, the ids of what is in progress. The functions
 * that take or release a place read and write items under this prefix only.
 */
export const CALLER_LIMIT_KEY_PREFIX = 'LIMIT#';

/** What is limited: the report status polls, report jobs, batch items. */
export type LimitScope = 'report-status' | 'reports' | 'batches';

export const callerLimitKey = (scope: LimitScope, userId: number) => ({
  pk: `${CALLER_LIMIT_KEY_PREFIX}${scope}#${userId}`,
  sk: 'LIMIT',
});
