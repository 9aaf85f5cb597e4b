import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';

/**
 * Cognito pre token generation (V2). Cognito's own `sub` is a UUID it makes, while the API's
 * user ids are integers; the integer lives in the `custom:user_id` attribute and this trigger
 * puts it in the access token as `user_id`, the claim the authorizer is told to read.
 */
export const handler = async (event: PreTokenGenerationV2TriggerEvent) => {
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
