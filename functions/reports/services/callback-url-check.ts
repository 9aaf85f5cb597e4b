import { logger } from '#commons/logger';
import { resolvePublic } from '../adapters/public-address-resolver';
import { parseCallbackUrl } from '../domain/callback-url';

/**
 * Whether a report request's `callback_url` may be called (docs/decisions/report-export.md D6): its rules, then
 * what its host resolves to now. The report request service loads this module only for a request
 * that has a callback, so the address rules (ipaddr.js, `node:dns`) are not in every report
 * request's cold start.
 */
export const callbackUrlAccepted = async (
  callbackUrl: string,
  allowLoopbackHttp: boolean,
): Promise<boolean> => {
  const parsed = parseCallbackUrl(callbackUrl, { allowLoopbackHttp });
  if (!parsed.ok) {
    logger.info('callback_url refused', { reason: parsed.reason });
    return false;
  }
  if (parsed.loopback) return true;
  const resolved = await resolvePublic(parsed.url.hostname);
  if (!resolved.ok) logger.info('callback_url refused', { reason: resolved.reason });
  return resolved.ok;
};
