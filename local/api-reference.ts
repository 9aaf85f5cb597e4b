/**
 * The API reference the sandbox serves beside the API: the OpenAPI document at `/openapi.json`
 * (docs/openapi.json, generated from the route table) and a reference page at `/docs`, Swagger
 * UI from the npm package swagger-ui-dist, every asset served from node_modules (nothing is
 * fetched from the network). "Try it out" calls this sandbox: the document's first server is `/v1`.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { OPENAPI_FILE, projectRoot } from '#lib/project-paths';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/** A file served as it is. */
export interface StaticFile {
  readonly contentType: string;
  readonly body: Buffer;
}

const swaggerUi = path.join(projectRoot, 'node_modules', 'swagger-ui-dist');

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Commerce API reference</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// Every operation listed open, so a reader sees every route at once; models folded.
const INIT = `window.ui = SwaggerUIBundle({
  url: '${OPENAPI_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  tryItOutEnabled: false,
});
`;

/** The files of `/docs` and the document at `/openapi.json`, read once at start. */
export const apiReferenceFiles = (): Readonly<Record<string, StaticFile>> => {
  const asset = (name: string, contentType: string): [string, StaticFile] => [
    `${DOCS_PATH}/${name}`,
    { contentType, body: readFileSync(path.join(swaggerUi, name)) },
  ];
  return {
    [OPENAPI_PATH]: { contentType: 'application/json', body: readFileSync(OPENAPI_FILE) },
    [DOCS_PATH]: { contentType: 'text/html; charset=utf-8', body: Buffer.from(PAGE) },
    [`${DOCS_PATH}/init.js`]: { contentType: 'text/javascript; charset=utf-8', body: Buffer.from(INIT) },
    ...Object.fromEntries([
      asset('swagger-ui.css', 'text/css; charset=utf-8'),
      asset('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
      asset('favicon-32x32.png', 'image/png'),
    ]),
  };
};
