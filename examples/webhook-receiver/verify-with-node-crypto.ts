/**
 * The same check as `new Webhook(secret).verify(...)` (standardwebhooks), in a few lines of
 * node:crypto, for a partner who would rather not add the library (docs/webhooks.md). Returns
 * the notification, or undefined for anything that is not a fresh notification signed with
 * `secret`, the secret of your own caller (`whsec_…`, from POST /v1/@me/webhook-secrets).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

export const verifyNotification = (
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): unknown => {
  const [id, timestamp, signatures] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) =>
    String(headers[name] ?? ''),
  );
  if (!id || !/^\d+$/.test(timestamp!) || Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS)
    return undefined;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  // One `v1,<base64>` per secret the service signed with, space-separated: any one may match.
  const matches = signatures!.split(' ').some((versioned) => {
    const [version, signature] = versioned.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? JSON.parse(rawBody) : undefined;
};
