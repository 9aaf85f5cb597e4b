import type { Caller } from '../caller';

const USER_ID = /^[1-9][0-9]{0,14}$/;

/**
 * The caller from API Gateway's authorizer context (strings set by the authorizer). A missing
 * context means the route was reached without the authorizer, and an `expiresAt` in the past
 * means API Gateway served a cached answer for a token that has since expired: both are 401.
 */
export const callerFromAuthorizer = (
  context: Readonly<Record<string, unknown>> | null | undefined,
  nowSeconds = Date.now() / 1000,
): Caller | undefined => {
  const userId = String(context?.userId ?? '');
  const expiresAt = Number(context?.expiresAt);
  if (!USER_ID.test(userId) || !Number.isFinite(expiresAt) || expiresAt <= nowSeconds) return undefined;
  return { userId: Number(userId), admin: String(context?.admin) === 'true' };
};
