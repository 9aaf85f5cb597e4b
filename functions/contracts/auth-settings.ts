export const ADMIN_GROUP = 'admin';
export const DEFAULT_USER_ID_CLAIM = 'sub';
export const DEFAULT_GROUPS_CLAIM = 'cognito:groups';

/**
 * What the authorizer hands to the functions through API Gateway's authorizer context
 * (`event.requestContext.authorizer`): strings, as API Gateway passes them.
 */
export interface AuthorizerContext {
  readonly userId: string;
  readonly admin: 'true' | 'false';
  /** The token's `exp` (epoch seconds), so a function refuses a token that expired after caching. */
  readonly expiresAt: string;
}
