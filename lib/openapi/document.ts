import { errorResponse } from '#functions/contracts/openapi-sources';
import { API_VERSION, type Route, routes as routeTable } from '#functions/routes';
import { ERROR_RESPONSES } from './response-components';
import { contractOf, routeOperation } from './route-operation';
import { type Json, outputSchema } from './schema-conversion';

/**
 * The OpenAPI 3.1 document of the API, built from the route table, the schemas each handler
 * validates its requests with (`routeOptions`, attached by `httpRoute`) and the success answers
 * of `route-responses.ts`; each operation is made by `route-operation.ts`. Never edited by hand:
 * `npm run openapi` writes docs/openapi.json, and a test fails when the committed file and this
 * disagree.
 */

export { OPENAPI_FILE } from '../project-paths';

export async function openApiDocument(routes: readonly Route[] = routeTable): Promise<Json> {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const contract = await contractOf(route);
    paths[route.path] = {
      ...paths[route.path],
      [route.method.toLowerCase()]: routeOperation(route, contract),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce API',
      version: '1.0.0',
      description:
        'Products (translated, per country and business unit, searchable), orders, batch updates of orders, ' +
        'asynchronous PDF reports with a signed callback (docs/webhooks.md), and user profiles. Every error is ' +
        '`{"code", "message"}`. Generated from the route table and the handlers\' schemas (`npm run openapi`).',
    },
    servers: [
      {
        url: `/${API_VERSION}`,
        description: 'This host (the sandbox serves this document beside the API)',
        'x-internal': false,
      },
      {
        url: `https://{apiId}.execute-api.{region}.amazonaws.com/{stage}/${API_VERSION}`,
        description: 'A deployed stage (output ApiBaseUrl of its stack)',
        'x-internal': false,
        variables: {
          apiId: { default: 'abc123' },
          region: { default: 'eu-west-1' },
          stage: { default: 'dev' },
        },
      },
    ],
    tags: [
      { name: 'catalogue', description: 'Public catalogue reads' },
      { name: 'identity', description: 'Profiles and user records' },
      { name: 'orders', description: 'Orders' },
      { name: 'batches', description: 'Batch updates of orders' },
      { name: 'reports', description: 'Asynchronous PDF reports' },
      { name: 'webhooks', description: "The caller's signing secrets for report callbacks" },
    ],
    paths,
    components: {
      schemas: { Error: outputSchema(errorResponse) },
      responses: ERROR_RESPONSES,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An OAuth 2.0 access token (in the sandbox: `npm run -s token -- --sub 2`).',
        },
      },
    },
  };
}

/** The document as committed: stable key order, two-space indentation, a final newline. */
export const openApiText = async (): Promise<string> =>
  `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
