/**
 * The environment contract between the stack and the functions: every variable the stack (lib/)
 * or the sandbox (local/) sets and a function reads, named once. A name changed here changes on
 * both sides, so they cannot drift apart.
 */

/** The service's name: Powertools' service (logs, metrics namespace dimension) and tags. */
export const SERVICE_NAME = 'commerce-api';

/** Powertools reads the service name from this variable. */
export const SERVICE_NAME_ENV = 'POWERTOOLS_SERVICE_NAME';

/** The one DynamoDB table, for every function that reads or writes it. */
export const TABLE_NAME_ENV = 'TABLE_NAME';

/** The stage the function belongs to: the `stage` dimension of its metrics. */
export const STAGE_ENV = 'STAGE';

/**
 * The scheme of the absolute URLs the API writes (`Location`): `https` in every stage; only the
 * sandbox, the one deployment served over plain http, sets `http`. Never taken from a request.
 */
export const API_SCHEME_ENV = 'API_SCHEME';

/** The batch queue's URL, for the function that sends chunks to it (POST /orders/batches). */
export const BATCH_QUEUE_URL_ENV = 'BATCH_QUEUE_URL';

/** Variables of the catalogue functions. */
export const CATALOGUE_ENV = {
  /** The import bucket: uploaded catalogue and stock files, and each version's plan files. */
  bucket: 'CATALOGUE_IMPORT_BUCKET',
} as const;

/** Variables of the report functions. */
export const REPORT_ENV = {
  /** The bucket that holds the PDFs (generate writes, get-report reads and pre-signs). */
  bucket: 'REPORT_BUCKET',
  /** The state machine `POST /orders/reports` starts. */
  stateMachineArn: 'REPORT_STATE_MACHINE_ARN',
  /** Set by the sandbox alone: also accept `http://127.0.0.1:<port>` and `http://localhost:<port>` callbacks. */
  allowLoopbackCallbacks: 'SANDBOX_ALLOW_LOOPBACK_CALLBACKS',
  /**
   * The generator's: the directory whose `node_modules/` holds the report's fonts and text engine
   * (functions/contracts/report-fonts.ts), read only for a text beyond the standard fonts.
   */
  fontsRoot: 'REPORT_FONTS_ROOT',
} as const;

/** Variables of the functions that make or use the callers' webhook signing secrets (docs/decisions/report-export.md D60). */
export const WEBHOOK_ENV = {
  /**
   * The Secrets Manager id (ARN in a stage) of the stage key every caller's secrets are derived
   * from: its name, never its value, which only Secrets Manager hands out.
   */
  keySecretId: 'WEBHOOK_KEY_SECRET_ID',
} as const;

/**
 * Variables of the authorizer function: which issuer it trusts and how its tokens say who the
 * user is. Set by the stack (Cognito pool or external OIDC issuer) and by the sandbox.
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
