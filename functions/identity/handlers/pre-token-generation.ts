import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { logger } from '#commons/logger';
import { firstSignInRecord } from '../domain/first-sign-in';
import { createUserIfAbsent } from '../store/first-sign-in-store';

/** Token refreshes: the user signed in before, so their record was made then. */
const REFRESH = 'TokenGeneration_RefreshTokens';

/**
 * The user record of a user an administrator created (docs/identity.md), made at sign-in so that
 * `/@me`, `/profile/@me` and `PUT …/address` work with the very first token. This trigger rather
 * than a PostAuthentication one: it runs at every sign-in already (one function, one trigger, no
 * second cold start in the sign-in), and it runs before any token exists. It skips token
 * refreshes, so the cost is one conditional write per sign-in. A failed write does not fail the
 * sign-in: it is logged, and the next sign-in tries again.
 */
const ensureUserRecord = async (event: PreTokenGenerationV2TriggerEvent): Promise<void> => {
  if (event.triggerSource === REFRESH) return;
  const record = firstSignInRecord(event.userName, event.request.userAttributes);
  if (!record) return;
  try {
    await createUserIfAbsent(record);
  } catch (error) {
    logger.error('The user record of a first sign-in could not be written', { error });
  }
};

/**
 * Cognito pre token generation (V2). Cognito's own `sub` is a UUID it makes, while the API's
 * user ids are integers; the integer lives in the `custom:user_id` attribute and this trigger
 * puts it in the access token as `user_id`, the claim the authorizer is told to read. It also
 * makes the user record of a first sign-in (above).
 */
export const handler = async (event: PreTokenGenerationV2TriggerEvent) => {
  await ensureUserRecord(event);
  const userId = event.request.userAttributes['custom:user_id'];
  if (userId) {
    event.response = {
      claimsAndScopeOverrideDetails: {
        ...event.response.claimsAndScopeOverrideDetails,
        accessTokenGeneration: {
          ...event.response.claimsAndScopeOverrideDetails?.accessTokenGeneration,
          claimsToAddOrOverride: { user_id: userId },
        },
      },
    };
  }
  return event;
};
