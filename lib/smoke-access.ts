/**
 * The smoke check's users and what it may remove afterwards (docs/decisions/stages-and-deploys.md D74), as plain data:
 * `npm run smoke` (cli/smoke/) picks its users' ids here and removes what it made with these
 * keys; the stack's smoke role (lib/smoke-role.ts) is built from the same list. No AWS import.
 */

import type { TableAccess } from '#functions/contracts/function-table-access';
import { CALLER_LIMIT_KEY_PREFIX, type LimitScope } from '#functions/contracts/keys/caller-limit-keys';
import { OUTCOME_PREFIX } from '#functions/contracts/keys/outcome-keys';
import { WEBHOOK_SECRETS_KEY_PREFIX } from '#functions/contracts/keys/webhook-secret-keys';

/**
 * User ids reserved for the smoke's temporary users: the 15-digit ids starting with 9 (the
 * highest the authorizer and `custom:user_id` take). No real user may be given one
 * (docs/identity.md), so the smoke role may delete these users' items and no one else's.
 */
export const SMOKE_USER_IDS = { min: 900_000_000_000_000, max: 999_999_999_999_999 } as const;

/** The reserved ids as an IAM `StringLike` pattern: a 9, then 14 characters (`?` is one). */
const SMOKE_USER_ID_PATTERN = `9${'?'.repeat(14)}`;

/**
 * The event id of the `user.registered` event that makes a smoke user in the sandbox: the
 * consumer keeps that event's outcome item (docs/decisions/order-and-user-events.md D78), which the smoke removes too.
 */
export const smokeEventId = (userId: number | string): string => `smoke-${userId}`;

/** Every per-caller limit a smoke user's requests may leave behind (docs/decisions/limits-and-throttles.md D59). */
export const SMOKE_LIMIT_SCOPES = [
  'batches',
  'reports',
  'report-status',
] as const satisfies readonly LimitScope[];

/**
 * What the smoke removes from the table: its users' records, webhook secret lists, limit items
 * and registration events' outcome items (reserved ids only), and the batch and report job it made. A batch id and a report id
 * are not tied to a user in the key, so those two patterns cover any batch or report: the smoke
 * deletes only the ids its own requests were answered with.
 */
export const SMOKE_CLEANUP_ACCESS: TableAccess = [
  {
    actions: ['dynamodb:DeleteItem'],
    leadingKeys: [
      `USER#${SMOKE_USER_ID_PATTERN}`,
      `${WEBHOOK_SECRETS_KEY_PREFIX}${SMOKE_USER_ID_PATTERN}`,
      ...SMOKE_LIMIT_SCOPES.map((scope) => `${CALLER_LIMIT_KEY_PREFIX}${scope}#${SMOKE_USER_ID_PATTERN}`),
      `${OUTCOME_PREFIX}${smokeEventId(SMOKE_USER_ID_PATTERN)}`,
      'BATCH#*',
      'REPORT#*',
    ],
  },
];

/** The Cognito admin calls the smoke makes on the stage's pool: a user made, signed in and deleted. */
export const SMOKE_COGNITO_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminDeleteUser',
] as const;
