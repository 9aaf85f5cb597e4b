import { Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  type IResource,
  LambdaIntegration,
  LogGroupLogDestination,
  type Method,
  MethodLoggingLevel,
  MockIntegration,
  PassthroughBehavior,
  type RequestValidator,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_VERSION, type Route, routes as routeTable } from '../functions/routes';
import { ApiFunction } from './api-function';
import { addGatewayErrors, errorBody } from './gateway-responses';
import { functionEntry } from './project-paths';
import type { StageSettings } from './stage';

export interface Throttle {
  /** Steady-state requests per second for the whole stage. */
  readonly rateLimit: number;
  /** Requests the stage absorbs in a burst above the rate. */
  readonly burstLimit: number;
}

export const DEFAULT_THROTTLE: Throttle = { rateLimit: 100, burstLimit: 200 };

export interface HttpApiProps {
  readonly settings: StageSettings;
  readonly table: ITable;
  /** Defaults to the route table of `functions/routes.ts`. */
  readonly routes?: readonly Route[];
  readonly throttle?: Throttle;
}

/** Physical name of a route's function, so tests and operators can find it by route name. */
export const routeFunctionName = (stage: string, routeName: string): string =>
  `commerce-api-${stage}-${routeName}`;

const PUBLIC_ROUTE_REASON =
  'Catalogue reads are public by design (DESIGN D2: products, books, computers, countries, business ' +
  'units and search need no token). Routes that need a token get a JWT authorizer in a later change; ' +
  'until then the stack refuses to synthesize a token route.';
const METHOD_NOT_ALLOWED_REASON =
  'This ANY method only answers 405 Method Not Allowed from a mock integration: it reaches no ' +
  'function and returns no data, so there is nothing to authorize.';

/**
 * The REST API, generated from the route table: `/v1/<path>` resources, one `ApiFunction`
 * per route behind a Lambda proxy integration, a 405 with `Allow` for other methods on a
 * known path, and every gateway-made error in the D1 shape.
 */
export class HttpApi extends Construct {
  readonly restApi: RestApi;
  private readonly functionsByRoute = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    const { settings, table } = props;
    const routes = props.routes ?? routeTable;
    const throttle = props.throttle ?? DEFAULT_THROTTLE;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/commerce-api-${settings.stage}/access`,
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });

    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: `commerce-api-${settings.stage}`,
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
        metricsEnabled: true,
        // Errors only: INFO would log every request twice (access log already has it), and
        // data tracing would write bodies, which may hold personal data, to the logs.
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        throttlingRateLimit: throttle.rateLimit,
        throttlingBurstLimit: throttle.burstLimit,
      },
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
    // bodies and query strings are validated in the handlers, which answer in the D1 shape.
    const validator = this.restApi.addRequestValidator('RequestValidator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    const v1 = this.restApi.root.addResource(API_VERSION);
    const methodsByResource = new Map<IResource, string[]>();
    for (const route of routes) {
      const resource = v1.resourceForPath(route.path.replace(/^\//, ''));
      const fn = this.addRouteFunction(route, settings, table);
      this.addRouteMethod(resource, route, fn, validator);
      methodsByResource.set(resource, [...(methodsByResource.get(resource) ?? []), route.method]);
    }
    for (const [resource, methods] of methodsByResource) {
      addMethodNotAllowed(resource, methods);
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

  private addRouteMethod(
    resource: IResource,
    route: Route,
    fn: ApiFunction,
    validator: RequestValidator,
  ): Method {
    if (route.access !== 'public') {
      // Fail closed: without an authorizer a token route would be served to anyone.
      throw new Error(`Route ${route.name} needs a token, but the API has no authorizer yet.`);
    }
    const pathParameters = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
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
      },
    );
    Validations.of(method).acknowledge(
      { id: 'AwsSolutions-APIG4', reason: PUBLIC_ROUTE_REASON },
      { id: 'AwsSolutions-COG4', reason: PUBLIC_ROUTE_REASON },
    );
    return method;
  }
}

const METHOD_NOT_ALLOWED_BODY = errorBody(
  'method_not_allowed',
  'This method is not allowed on this resource.',
);

/**
 * D1: a wrong method on a known path is a 405 with `Allow`. API Gateway picks a resource's
 * explicit methods first and falls back to ANY, so ANY answers everything else from a mock.
 */
function addMethodNotAllowed(resource: IResource, methods: readonly string[]): void {
  const allow = [...new Set(methods)].sort().join(', ');
  const method = resource.addMethod(
    'ANY',
    new MockIntegration({
      // The mock reads its status from the request template; whatever it returns, the single
      // default integration response below maps it to 405.
      requestTemplates: { 'application/json': '{"statusCode": 405}' },
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
      ],
    },
  );
  Validations.of(method).acknowledge(
    { id: 'AwsSolutions-APIG4', reason: METHOD_NOT_ALLOWED_REASON },
    { id: 'AwsSolutions-COG4', reason: METHOD_NOT_ALLOWED_REASON },
  );
}
