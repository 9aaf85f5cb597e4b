import * as path from 'node:path';

/**
 * Absolute paths the constructs need to find function code. `import.meta.dirname` works under
 * tsx (ESM) and under Jest, where swc rewrites it to `__dirname`.
 */
export const projectRoot = path.resolve(import.meta.dirname, '..');
export const functionsDir = path.join(projectRoot, 'functions');
export const lockFile = path.join(projectRoot, 'package-lock.json');

/** Entry file of a function module named as in the route table (`catalogue/handlers/get-product`). */
export const functionEntry = (module: string): string => path.join(functionsDir, `${module}.ts`);

/** Where the OpenAPI document is committed (lib/openapi/document.ts writes it, the smoke checks answers against it). */
export const OPENAPI_FILE = path.join(projectRoot, 'docs', 'openapi.json');
