import { Duration } from 'aws-cdk-lib';
import {
  type CfnAuthorizer,
  IdentitySource,
  RequestAuthorizer,
  TokenAuthorizer,
} from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import { authorizerFunction } from '#functions/function-registry';
import { ApiFunction } from '../api-function';
import { functionEntry } from '../project-paths';
import { resourceName, routeFunctionName } from '../resource-names';
import type { StageSettings } from '../stage';

/**
 * What the authorizer lets through: `Authorization: Bearer <b64token>` (RFC 6750). API Gateway
 * answers anything else 401 (UNAUTHORIZED gateway response) without invoking the function.
 * The same syntax as `bearerToken` in `functions/identity/domain/token-claims.ts`.
 */
export const BEARER_TOKEN_PATTERN = '^Bearer [-0-9A-Za-z._~+/]+=*$';

/** How long API Gateway reuses an authorizer answer for the same token. */
export const AUTHORIZER_CACHE_TTL = Duration.minutes(5);

/**
 * The REQUEST authorizer of the `@me` resources caches nothing: it has no identity source (so
 * that it runs without a token), and API Gateway caches only by identity source values.
 */
export const PINNED_AUTHORIZER_CACHE_TTL = Duration.seconds(0);

export const tokenRouteCognitoReason = (kind: 'TOKEN' | 'REQUEST') =>
  `This method has a Lambda ${kind} authorizer that verifies the bearer token with aws-jwt-verify against ` +
  'the same Cognito user pool (or the external OIDC issuer given by context): signature with the ' +
  "issuer's keys, iss, client id or audience, token_use and exp. A Cognito authorizer cannot do the job: " +
  'the integer user id is a custom claim and the admin group must be handed to the functions, and ' +
  'tokens from an external issuer must be accepted too' +
  (kind === 'REQUEST'
    ? '; and on this @me resource the authorizer must first answer 404 for a path value other than @me.'
    : '.');
/**
 * The two authorizers of the token routes and the one function behind both, each made on first
 * use (an authorizer attached to no method fails the synth), as children of the REST API
 * construct.
 */
export class RouteAuthorizers {
  private fn?: ApiFunction;
  private tokenAuthorizer?: TokenAuthorizer;
  private requestAuthorizer?: RequestAuthorizer;

  constructor(
    private readonly scope: Construct,
    private readonly settings: StageSettings,
    /** Which issuer and audience the function trusts and which claims hold the user id and groups. */
    private readonly environment: Readonly<Record<string, string>>,
  ) {}

  /** The function behind both authorizers; undefined when no route needs a token. */
  get function(): ApiFunction | undefined {
    return this.fn;
  }

  /** The authorizer function, made on first use. */
  handler(): ApiFunction {
    if (this.fn) return this.fn;
    const { settings } = this;
    this.fn = new ApiFunction(this.scope, 'AuthorizerFunction', {
      entry: functionEntry(authorizerFunction.handler),
      functionName: routeFunctionName(settings.stage, authorizerFunction.name),
      description:
        'TOKEN and REQUEST authorizer: verifies the bearer token (aws-jwt-verify), returns user id and admin',
      settings,
      // No table: the authorizer reads nothing but the token and the issuer's keys.
      environment: { ...this.environment },
    });
    return this.fn;
  }

  // The TOKEN authorizer of most token routes, made on first use (an authorizer attached to no
  // method fails the synth). API Gateway caches its answer per token for five minutes and applies
  // the cached policy to whatever method the next request with that token calls. That is why the
  // function allows the whole API, `arn:…:<apiId>/<stage>/*/*`, rather than the method it was
  // asked about: a policy naming one route would make the cache deny the others. Whether the
  // caller may see a particular user's data is each function's check (docs/decisions/tokens-and-rights.md D3), from the context the
  // authorizer returns (user id, admin, expiry).
  token(): TokenAuthorizer {
    if (this.tokenAuthorizer) return this.tokenAuthorizer;
    this.tokenAuthorizer = new TokenAuthorizer(this.scope, 'TokenAuthorizer', {
      authorizerName: resourceName(this.settings.stage, 'token'),
      handler: this.handler(),
      identitySource: IdentitySource.header('Authorization'),
      validationRegex: BEARER_TOKEN_PATTERN,
      resultsCacheTtl: AUTHORIZER_CACHE_TTL,
    });
    return this.tokenAuthorizer;
  }

  // The REQUEST authorizer of the token routes on a resource with a pinned variable (`/{me}`
  // stands for `/@me`, gateway-paths.ts). There any other value (`/v1/nope`) reaches the same
  // method, and must be the 404 of an unknown path, not a 401: with an identity source API
  // Gateway would answer 401 before invoking anything when the header is missing. So it has
  // none and is always invoked; the function denies a wrong value (ACCESS_DENIED, our 404),
  // then verifies the token from the request's headers. No identity source means no cache key,
  // hence TTL 0: one invocation per request on these routes.
  pinned(): RequestAuthorizer {
    if (this.requestAuthorizer) return this.requestAuthorizer;
    this.requestAuthorizer = new RequestAuthorizer(this.scope, 'PinnedRequestAuthorizer', {
      authorizerName: resourceName(this.settings.stage, 'pinned-request'),
      handler: this.handler(),
      identitySources: [],
      resultsCacheTtl: PINNED_AUTHORIZER_CACHE_TTL,
    });
    // CDK writes no identity sources as `IdentitySource: ""`, an empty expression list that the
    // built-in validation accepts but the API Gateway reference does not describe. The documented
    // form is to leave the property out ("optional when caching is not enabled").
    (this.requestAuthorizer.node.defaultChild as CfnAuthorizer).identitySource = undefined;
    return this.requestAuthorizer;
  }
}
