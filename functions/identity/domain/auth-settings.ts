/**
 * Environment of the authorizer function: which issuer it trusts and how its tokens say who
 * the user is. Set by the stack (Cognito pool or external OIDC issuer) and by the sandbox.
 */
export const AUTH_ENV = {
  /** Issuer (`iss`) of accepted tokens. */
  issuer: 'JWT_ISSUER',
  /** Accepted audience (`aud`), or the app client id (`client_id`) for Cognito access tokens. */
  audience: 'JWT_AUDIENCE',
  /** When set, the issuer is this Cognito user pool and its access tokens are verified as such. */
  cognitoUserPoolId: 'COGNITO_USER_POOL_ID',
  /** Required `token_use` claim (`access`), when the issuer sets one. */
  tokenUse: 'JWT_TOKEN_USE',
  /** Where the issuer publishes its keys; defaults to `<issuer>/.well-known/jwks.json`. */
  jwksUri: 'JWT_JWKS_URI',
  /** The issuer's keys inline (a JWKS document), pinned instead of fetched: the sandbox's own issuer. */
  jwks: 'JWT_JWKS',
  /** Claim holding the integer user id: `sub` by default; the stack's Cognito pool uses `user_id`. */
  userIdClaim: 'JWT_USER_ID_CLAIM',
  /** Claim listing the user's groups; `admin` in it makes an administrator. */
  groupsClaim: 'JWT_GROUPS_CLAIM',
} as const;

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
