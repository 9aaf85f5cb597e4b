import { Duration, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  type CfnAuthorizer,
  ContentHandling,
  EndpointType,
  type IAuthorizer,
  IdentitySource,
  type IResource,
  LambdaIntegration,
  LogGroupLogDestination,
  type Method,
  type MethodDeploymentOptions,
  MethodLoggingLevel,
  MockIntegration,
  PassthroughBehavior,
  RequestAuthorizer,
  type RequestValidator,
  RestApi,
  TokenAuthorizer,
} from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type GatewayRoute, gatewayRoutes } from '../functions/gateway-paths';
import { API_VERSION, authorizerFunction, type Route, routes as routeTable } from '../functions/routes';
import { ApiFunction } from './api-function';
import { addGatewayErrors, errorBody, NOT_FOUND_BODY } from './gateway-responses';
import { functionEntry } from './project-paths';
import { resourceName, routeFunctionName, stageName } from './resource-names';
import type { StageSettings } from './stage';

export interface Throttle {
  /** Steady-state requests per second for the whole stage. */
  readonly rateLimit: number;
  /** Requests the stage absorbs in a burst above the rate. */
  readonly burstLimit: number;
}

export const DEFAULT_THROTTLE: Throttle = { rateLimit: 100, burstLimit: 200 };

/**
 * Metrics and execution logging of every method. Errors only: INFO would log every request twice
 * (the access log already has it), and data tracing would write bodies, which may hold personal
 * data, to the logs.
 */
const STAGE_METHOD_LOGGING = {
  metricsEnabled: true,
  loggingLevel: MethodLoggingLevel.ERROR,
  dataTraceEnabled: false,
} as const satisfies MethodDeploymentOptions;

export interface HttpApiProps {
  readonly settings: StageSettings;
  readonly table: ITable;
  /** Defaults to the route table of `functions/routes.ts`. */
  readonly routes?: readonly Route[];
  readonly throttle?: Throttle;
  /**
   * Environment of the token authorizer: which issuer and audience it trusts and which claims
   * hold the user id and groups (names from `AUTH_ENV`; see `Identity`).
   */
  readonly authorizerEnvironment: Readonly<Record<string, string>>;
}

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

const PUBLIC_ROUTE_REASON =
  'Catalogue reads are public by design (docs/design.md D2: products, books, computers, countries, business ' +
  'units and search need no token). Every route that needs one has the token authorizer.';
const tokenRouteCognitoReason = (kind: 'TOKEN' | 'REQUEST') =>
  `This method has a Lambda ${kind} authorizer that verifies the bearer token with aws-jwt-verify against ` +
  'the same Cognito user pool (or the external OIDC issuer given by context): signature with the ' +
  "issuer's keys, iss, client id or audience, token_use and exp. A Cognito authorizer cannot do the job: " +
  'the integer user id is a custom claim and the admin group must be handed to the functions, and ' +
  'tokens from an external issuer must be accepted too' +
  (kind === 'REQUEST'
    ? '; and on this @me resource the authorizer must first answer 404 for a path value other than @me.'
    : '.');
const METHOD_NOT_ALLOWED_REASON =
  'This ANY method only answers 405 Method Not Allowed from a mock integration: it reaches no ' +
  'function and returns no data, so there is nothing to authorize.';

/**
 * The REST API, generated from the route table: `/v1/<path>` resources, one `ApiFunction`
 * per route behind a Lambda proxy integration, a 405 with `Allow` for other methods on a
 * known path, and every gateway-made error in the docs/design.md D1 shape.
 */
export class HttpApi extends Construct {
  readonly restApi: RestApi;
  private authorizerFn?: ApiFunction;
  private tokenAuthorizer?: TokenAuthorizer;
  private requestAuthorizer?: RequestAuthorizer;
  private readonly functionsByRoute = new Map<string, ApiFunction>();
  private readonly settings: StageSettings;
  private readonly authorizerEnvironment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    const { settings, table } = props;
    this.settings = settings;
    this.authorizerEnvironment = props.authorizerEnvironment;
    const routes = props.routes ?? routeTable;
    const onGateway = gatewayRoutes(routes);
    const throttle = props.throttle ?? DEFAULT_THROTTLE;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${stageName(settings.stage)}/access`,
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });

    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: stageName(settings.stage),
      description: `Commerce API (${settings.stage})`,
      endpointTypes: [EndpointType.REGIONAL],
      // API Gateway writes access and execution logs through an account-level role; creating it
      // here lets the stack deploy into an account that has never had one.
      cloudWatchRole: true,
      deployOptions: {
        stageName: settings.stage,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
        tracingEnabled: true,
        ...STAGE_METHOD_LOGGING,
        throttlingRateLimit: throttle.rateLimit,
        throttlingBurstLimit: throttle.burstLimit,
        methodOptions: methodThrottling(onGateway),
      },
      // PDFs are returned base64-encoded by their function; API Gateway sends them as bytes only
      // when the request's first Accept type is binary, and `*/*` covers curl's and browsers'.
      // Request bodies then arrive base64-encoded too, which the shared HTTP stack decodes.
      binaryMediaTypes: ['*/*'],
    });
    addGatewayErrors(this.restApi);

    // API Gateway creates the execution log group on first write, with no retention; creating it
    // first gives it the stage's retention and removal policy.
    const executionLogs = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.restApi.restApiId}/${settings.stage}`,
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    this.restApi.deploymentStage.node.addDependency(executionLogs);

    // Path parameters are declared required so API Gateway's basic validation applies;
    // bodies and query strings are validated in the handlers, which answer in the docs/design.md D1 shape.
    const validator = this.restApi.addRequestValidator('RequestValidator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    const v1 = this.restApi.root.addResource(API_VERSION);
    const onResource = new Map<IResource, GatewayRoute[]>();
    for (const gatewayRoute of onGateway) {
      const { route } = gatewayRoute;
      const resource = v1.resourceForPath(gatewayRoute.path.replace(/^\//, ''));
      const fn = this.addRouteFunction(route, settings, table);
      this.addRouteMethod(resource, gatewayRoute, fn, validator);
      onResource.set(resource, [...(onResource.get(resource) ?? []), gatewayRoute]);
    }
    for (const [resource, resourceRoutes] of onResource) {
      addMethodNotAllowed(
        resource,
        resourceRoutes.map(({ route }) => route.method),
        // gatewayRoutes guarantees that the routes of one resource pin the same values.
        resourceRoutes[0]!.pinned,
      );
    }

    Validations.of(this.restApi.deploymentStage).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'No WAF web ACL yet: stage throttling (rate and burst, set per stage) bounds request volume, the ' +
        'API serves public catalogue reads without a browser front end, and a managed-rule web ACL is a ' +
        'separate cost and rollout decision outside this change.',
    });
    const cloudWatchRole = this.restApi.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      Validations.of(cloudWatchRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'This is the account-level role API Gateway uses to write logs for every REST API in the ' +
          'account and region, so it cannot be scoped to this stack; AWS maintains this policy for exactly ' +
          'that role.',
      });
    }
  }

  /** The function behind both authorizers; undefined when no route needs a token. */
  get authorizerFunction(): ApiFunction | undefined {
    return this.authorizerFn;
  }

  /** The function serving a route of the table, by route name. */
  functionFor(routeName: string): ApiFunction {
    const fn = this.functionsByRoute.get(routeName);
    if (!fn) throw new Error(`No route named ${routeName}`);
    return fn;
  }

  /** Every route function, keyed by route name. */
  get functions(): ReadonlyMap<string, ApiFunction> {
    return this.functionsByRoute;
  }

  private addRouteFunction(route: Route, settings: StageSettings, table: ITable): ApiFunction {
    if (this.functionsByRoute.has(route.name)) throw new Error(`Duplicate route name ${route.name}`);
    const fn = new ApiFunction(this, route.name, {
      entry: functionEntry(route.handler),
      functionName: routeFunctionName(settings.stage, route.name),
      description: `${route.method} /${API_VERSION}${route.path}: ${route.summary}`,
      settings,
    });
    fn.bindTable(table, route.table);
    this.functionsByRoute.set(route.name, fn);
    return fn;
  }

  /** The authorizer function, made on first use: both authorizers invoke it. */
  private authorizerHandler(): ApiFunction {
    if (this.authorizerFn) return this.authorizerFn;
    const { settings } = this;
    this.authorizerFn = new ApiFunction(this, 'AuthorizerFunction', {
      entry: functionEntry(authorizerFunction.handler),
      functionName: routeFunctionName(settings.stage, authorizerFunction.name),
      description:
        'TOKEN and REQUEST authorizer: verifies the bearer token (aws-jwt-verify), returns user id and admin',
      settings,
      // No table: the authorizer reads nothing but the token and the issuer's keys.
      environment: { ...this.authorizerEnvironment },
    });
    return this.authorizerFn;
  }

  // The TOKEN authorizer of most token routes, made on first use (an authorizer attached to no
  // method fails the synth). API Gateway caches its answer per token for five minutes and applies
  // the cached policy to whatever method the next request with that token calls. That is why the
  // function allows the whole API, `arn:…:<apiId>/<stage>/*/*`, rather than the method it was
  // asked about: a policy naming one route would make the cache deny the others. Whether the
  // caller may see a particular user's data is each function's check (docs/design.md D3), from the context the
  // authorizer returns (user id, admin, expiry).
  private tokenAuthorizerOnce(): TokenAuthorizer {
    if (this.tokenAuthorizer) return this.tokenAuthorizer;
    this.tokenAuthorizer = new TokenAuthorizer(this, 'TokenAuthorizer', {
      authorizerName: resourceName(this.settings.stage, 'token'),
      handler: this.authorizerHandler(),
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
  // hence TTL 0: one invocation per request on these four routes.
  private pinnedAuthorizerOnce(): RequestAuthorizer {
    if (this.requestAuthorizer) return this.requestAuthorizer;
    this.requestAuthorizer = new RequestAuthorizer(this, 'PinnedRequestAuthorizer', {
      authorizerName: resourceName(this.settings.stage, 'pinned-request'),
      handler: this.authorizerHandler(),
      identitySources: [],
      resultsCacheTtl: PINNED_AUTHORIZER_CACHE_TTL,
    });
    // CDK writes no identity sources as `IdentitySource: ""`, an empty expression list that the
    // built-in validation accepts but the API Gateway reference does not describe. The documented
    // form is to leave the property out ("optional when caching is not enabled").
    (this.requestAuthorizer.node.defaultChild as CfnAuthorizer).identitySource = undefined;
    return this.requestAuthorizer;
  }

  private addRouteMethod(
    resource: IResource,
    { route, path, pinned }: GatewayRoute,
    fn: ApiFunction,
    validator: RequestValidator,
  ): Method {
    const needsToken = route.access === 'token';
    const isPinned = Object.keys(pinned).length > 0;
    const authorizer: IAuthorizer | undefined = needsToken
      ? isPinned
        ? this.pinnedAuthorizerOnce()
        : this.tokenAuthorizerOnce()
      : undefined;
    const pathParameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const method = resource.addMethod(
      route.method,
      // No test-invoke permission: the console's test button is not worth an extra grant per route.
      new LambdaIntegration(fn, { allowTestInvoke: false }),
      {
        operationName: route.name,
        requestValidator: validator,
        requestParameters: Object.fromEntries(
          pathParameters.map((name) => [`method.request.path.${name}`, true]),
        ),
        ...(authorizer
          ? { authorizer, authorizationType: AuthorizationType.CUSTOM }
          : { authorizationType: AuthorizationType.NONE }),
      },
    );
    if (needsToken) {
      Validations.of(method).acknowledge({
        id: 'AwsSolutions-COG4',
        reason: tokenRouteCognitoReason(isPinned ? 'REQUEST' : 'TOKEN'),
      });
    } else {
      Validations.of(method).acknowledge(
        { id: 'AwsSolutions-APIG4', reason: PUBLIC_ROUTE_REASON },
        { id: 'AwsSolutions-COG4', reason: PUBLIC_ROUTE_REASON },
      );
    }
    return method;
  }
}

/**
 * Stage method settings for the routes that carry their own throttle, keyed by API Gateway
 * resource path and method (`/v1/orders/reports/status/{report_id}/GET`). A method's settings
 * stand instead of the stage-wide ones (resource path `/*`, every method), so they repeat its
 * logging, metrics and data-trace choices next to the route's own throttle.
 */
function methodThrottling(onGateway: readonly GatewayRoute[]): Record<string, MethodDeploymentOptions> {
  return Object.fromEntries(
    onGateway.flatMap(({ route, path }) =>
      route.throttle
        ? [
            [
              `/${API_VERSION}${path}/${route.method}`,
              {
                ...STAGE_METHOD_LOGGING,
                throttlingRateLimit: route.throttle.rateLimit,
                throttlingBurstLimit: route.throttle.burstLimit,
              },
            ],
          ]
        : [],
    ),
  );
}

const METHOD_NOT_ALLOWED_BODY = errorBody(
  'method_not_allowed',
  'This method is not allowed on this resource.',
);

/**
 * The mock's request template: it decides the status. 405 on a plain resource; on one with
 * pinned variables (a `@me` segment, see gateway-paths.ts) 405 only when each holds its literal,
 * else 404 like any unknown path.
 */
function mockStatusTemplate(pinned: Readonly<Record<string, string>>): string {
  const conditions = Object.entries(pinned).map(
    ([name, literal]) => `$input.params().path.get('${name}') == '${literal}'`,
  );
  if (conditions.length === 0) return '{"statusCode": 405}';
  return `#if(${conditions.join(' && ')})\n{"statusCode": 405}\n#else\n{"statusCode": 404}\n#end`;
}

/**
 * docs/design.md D1: a wrong method on a known path is a 405 with `Allow`. API Gateway picks a resource's
 * explicit methods first and falls back to ANY, so ANY answers everything else from a mock.
 */
function addMethodNotAllowed(
  resource: IResource,
  methods: readonly string[],
  pinned: Readonly<Record<string, string>> = {},
): void {
  const allow = [...new Set(methods)].sort().join(', ');
  const isPinned = Object.keys(pinned).length > 0;
  const method = resource.addMethod(
    'ANY',
    new MockIntegration({
      // The API's binary media types are `*/*`: without this, a request body would reach the
      // mock as binary and its template (which decides the status) would not be applied.
      contentHandling: ContentHandling.CONVERT_TO_TEXT,
      // The mock reads its status from the request template. The default integration response
      // (no selection pattern) maps whatever it returns to 405; a pinned resource also maps 404.
      requestTemplates: { 'application/json': mockStatusTemplate(pinned) },
      passthroughBehavior: PassthroughBehavior.WHEN_NO_MATCH,
      integrationResponses: [
        {
          statusCode: '405',
          responseParameters: {
            'method.response.header.Allow': `'${allow}'`,
            'method.response.header.Content-Type': "'application/json'",
          },
          responseTemplates: { 'application/json': METHOD_NOT_ALLOWED_BODY },
        },
        ...(isPinned
          ? [
              {
                selectionPattern: '404',
                statusCode: '404',
                responseParameters: { 'method.response.header.Content-Type': "'application/json'" },
                responseTemplates: { 'application/json': NOT_FOUND_BODY },
              },
            ]
          : []),
      ],
    }),
    {
      methodResponses: [
        {
          statusCode: '405',
          responseParameters: {
            'method.response.header.Allow': true,
            'method.response.header.Content-Type': true,
          },
        },
        ...(isPinned
          ? [{ statusCode: '404', responseParameters: { 'method.response.header.Content-Type': true } }]
          : []),
      ],
    },
  );
  Validations.of(method).acknowledge(
    { id: 'AwsSolutions-APIG4', reason: METHOD_NOT_ALLOWED_REASON },
    { id: 'AwsSolutions-COG4', reason: METHOD_NOT_ALLOWED_REASON },
  );
}
