/**
 * Where a caller's webhook secrets live in the table: one item per caller holding the list of
 * its secrets' ids and dates (docs/decisions/report-export.md D60). The key prefix is `WHSEC#`, its own, so a
 * grant can be narrowed to it (`dynamodb:LeadingKeys`).
 */
export const WEBHOOK_SECRETS_KEY_PREFIX = 'WHSEC#';

export const webhookSecretsKey = (ownerId: number) => ({
  pk: `${WEBHOOK_SECRETS_KEY_PREFIX}${ownerId}`,
  sk: 'WHSEC',
});
