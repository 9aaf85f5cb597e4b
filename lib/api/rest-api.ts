import { NestedStack, Validations } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  type IAuthorizer,
  type IResource,
  LogGroupLogDestination,
  type Method,
  type MethodDeploymentOptions,
  MethodLoggingLevel,
  type RequestValidator,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type GatewayRoute, gatewayRoutes } from '#functions/contracts/gateway-paths';
import { API_VERSION, type Route, routes as routeTable } from '#functions/routes';
import { ApiFunction } from '../api-function';
import { functionEntry } from '../project-paths';
import { routeFunctionName, stageName } from '../resource-names';
import type { StageSettings } from '../stage';
import { RouteAuthorizers, tokenRouteCognitoReason } from './authorizers';
import { addGatewayErrors } from './gateway-responses';
import { addMethodNotAllowed } from './method-not-allowed';
import { RouteIntegration } from './route-integration';
import { ApiWebAcl } from './web-acl';

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

export interface CommerceRestApiProps {
  readonly settings: StageSettings;
  readonly table: ITable;
  /** Defaults to the route table of `functions/routes.ts`. */
  readonly routes?: readonly Route[];
  /**
   * Environment of the token authorizer: which issuer and audience it trusts and which claims
   * hold the user id and groups (names from `AUTH_ENV`; see `Identity`).
   */
  readonly authorizerEnvironment: Readonly<Record<string, string>>;
}

const PUBLIC_ROUTE_REASON =
  'Catalogue reads are public by design (docs/decisions/tokens-and-rights.md D2: products, books, computers, countries, business ' +
  'units and search need no token). Every route that needs one has the token authorizer.';
/**
 * One JSON line per request. API Gateway's standard fields name the caller of IAM-signed
 * requests only, and the route's template path: with a Lambda authorizer the caller is the
 * authorizer's principal (the user id) and the path the one asked for (`/v1/orders/reports/<id>`),
 * so both are logged, which makes the log say who read which resource.
 */
export const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: AccessLogField.contextRequestId(),
    ip: AccessLogField.contextIdentitySourceIp(),
    caller: AccessLogField.contextAuthorizerPrincipalId(),
    requestTime: AccessLogField.contextRequestTime(),
    httpMethod: AccessLogField.contextHttpMethod(),
    resourcePath: AccessLogField.contextResourcePath(),
    path: AccessLogField.contextPath(),
    status: AccessLogField.contextStatus(),
    protocol: AccessLogField.contextProtocol(),
    responseLength: AccessLogField.contextResponseLength(),
    integrationLatency: AccessLogField.contextIntegrationLatency(),
  }),
);

/**
 * The REST API, generated from the route table: `/v1/<path>` resources, one `ApiFunction`
 * per route behind a Lambda proxy integration, a 405 with `Allow` for other methods on a
 * known path, and every gateway-made error in the docs/decisions/http-requests.md D1 shape.
 */
export class CommerceRestApi extends Construct {
  readonly restApi: RestApi;
  private readonly authorizers: RouteAuthorizers;
  private readonly functionsByRoute = new Map<string, ApiFunction>();
  private readonly areaStacks = new Map<string, NestedStack>();

  constructor(scope: Construct, id: string, props: CommerceRestApiProps) {
    super(scope, id);
    const { settings, table } = props;
    this.authorizers = new RouteAuthorizers(this, settings, props.authorizerEnvironment);
    const routes = props.routes ?? routeTable;
    const onGateway = gatewayRoutes(routes);
    const { throttle } = settings;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${stageName(settings.stage)}/access`,
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });

    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: stageName(settings.stage),
      description: `Commerce API (${settings.stage})`,
      endpointTypes: [EndpointType.REGIONAL],
      // API Gateway writes access and execution logs through an account-level role and setting,
      // one per account and region: the account setup stack (lib/account-setup-stack.ts) holds
      // them, deployed once before the first stage, so no stage overwrites another's.
      cloudWatchRole: false,
      deployOptions: {
        stageName: settings.stage,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: ACCESS_LOG_FORMAT,
        tracingEnabled: true,
        ...STAGE_METHOD_LOGGING,
        throttlingRateLimit: throttle.rateLimit,
        throttlingBurstLimit: throttle.burstLimit,
        methodOptions: methodThrottling(onGateway, settings.routeThrottles),
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
    // bodies and query strings are validated in the handlers, which answer in the docs/decisions/http-requests.md D1 shape.
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
      this.addRouteMethod(resource, gatewayRoute, fn, validator, settings.stage);
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

    if (settings.waf) {
      new ApiWebAcl(this, 'WebAcl', { stage: settings.stage, apiStage: this.restApi.deploymentStage });
    } else {
      Validations.of(this.restApi.deploymentStage).acknowledge({
        id: 'AwsSolutions-APIG3',
        reason:
          "This stage's file turns the WAF web ACL (lib/api/web-acl.ts) off: protected stages have it by " +
          'default; the others hold trial data, are throttled per stage, and would pay for a web ACL each.',
      });
    }
  }

  /** The function behind both authorizers; undefined when no route needs a token. */
  get authorizerFunction(): ApiFunction | undefined {
    return this.authorizers.function;
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

  /**
   * The nested stack of an area's route functions (`CatalogueRoutes`, `OrdersRoutes` …): each
   * function, with its role, policy, log group and API Gateway permission, lives there, so a
   * route costs the stage's own stack only its method (and its resource and 405 where the path
   * is new), and CloudFormation's 500 resources a stack leave room for at least 100 routes
   * (docs/decisions/functions-and-bundles.md D55). The methods stay beside the REST API, whose deployment they belong to.
   */
  private areaStack(route: Route, settings: StageSettings): NestedStack {
    const area = route.handler.split('/')[0]!;
    let nested = this.areaStacks.get(area);
    if (!nested) {
      nested = new NestedStack(this, `${area[0]!.toUpperCase()}${area.slice(1)}Routes`, {
        description: `Commerce API, stage ${settings.stage}: the functions of the ${area} routes`,
      });
      this.areaStacks.set(area, nested);
    }
    return nested;
  }

  private addRouteFunction(route: Route, settings: StageSettings, table: ITable): ApiFunction {
    if (this.functionsByRoute.has(route.name)) throw new Error(`Duplicate route name ${route.name}`);
    const fn = new ApiFunction(this.areaStack(route, settings), route.name, {
      entry: functionEntry(route.handler),
      functionName: routeFunctionName(settings.stage, route.name),
      description: `${route.method} /${API_VERSION}${route.path}: ${route.summary}`,
      settings,
    });
    fn.bindTable(table, route.table);
    this.functionsByRoute.set(route.name, fn);
    return fn;
  }

  private addRouteMethod(
    resource: IResource,
    { route, path, pinned }: GatewayRoute,
    fn: ApiFunction,
    validator: RequestValidator,
    stageName: string,
  ): Method {
    const needsToken = route.access === 'token';
    const isPinned = Object.keys(pinned).length > 0;
    const authorizer: IAuthorizer | undefined = needsToken
      ? isPinned
        ? this.authorizers.pinned()
        : this.authorizers.token()
      : undefined;
    const pathParameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const method = resource.addMethod(
      route.method,
      // No test-invoke permission: the console's test button is not worth an extra grant per route.
      new RouteIntegration(fn, stageName),
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
 * Stage method settings for the routes that have a throttle of their own (the stage file's, else
 * the route table's), keyed by API Gateway resource path and method
 * (`/v1/orders/reports/status/{report_id}/GET`). A method's settings stand instead of the
 * stage-wide ones (resource path `/*`, every method), so they repeat its logging, metrics and
 * data-trace choices next to the route's own throttle.
 */
function methodThrottling(
  onGateway: readonly GatewayRoute[],
  fromStageFile: StageSettings['routeThrottles'],
): Record<string, MethodDeploymentOptions> {
  return Object.fromEntries(
    onGateway.flatMap(({ route, path }) => {
      const throttle = fromStageFile[route.name] ?? route.throttle;
      return throttle
        ? [
            [
              `/${API_VERSION}${path}/${route.method}`,
              {
                ...STAGE_METHOD_LOGGING,
                throttlingRateLimit: throttle.rateLimit,
                throttlingBurstLimit: throttle.burstLimit,
              },
            ],
          ]
        : [];
    }),
  );
}
