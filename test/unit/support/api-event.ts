import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

interface EventInput {
  method?: string;
  resource: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string[]>;
  headers?: Record<string, string>;
  body?: string;
  /** The caller the authorizer passed on: `{ userId, admin }`. */
  caller?: { userId: number; admin?: boolean };
}

/** A REST API proxy event as API Gateway hands it to a function, for handler unit tests. */
export const apiEvent = ({
  method = 'GET',
  resource,
  pathParameters,
  query,
  headers = {},
  body,
  caller,
}: EventInput): APIGatewayProxyEvent => {
  const path = resource.replace(/\{(\w+)\}/g, (_, name: string) => pathParameters?.[name] ?? '');
  return {
    resource,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: query
      ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v.at(-1)!]))
      : null,
    multiValueQueryStringParameters: query ?? null,
    pathParameters: pathParameters ?? null,
    stageVariables: null,
    body: body ?? null,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'test-request',
      // API Gateway's own domain: what absolute URLs (Location) are built from.
      domainName: 'api.example.com',
      httpMethod: method,
      resourcePath: resource,
      path,
      authorizer: caller && {
        userId: String(caller.userId),
        admin: String(caller.admin ?? false),
        expiresAt: String(Math.floor(Date.now() / 1000) + 3600),
      },
    } as never,
  };
};

export const lambdaContext = { awsRequestId: 'test-request', functionName: 'test' } as Context;
