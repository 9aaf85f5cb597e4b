/**
 * `npm run openapi`: writes docs/openapi.json from the route table and the handlers' schemas,
 * then the TypeScript client's types from that document (docs/decisions/api-contract.md D89).
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CLIENT_TYPES_FILE, clientTypesText } from './client-types';
import { OPENAPI_FILE, openApiText } from './document';

const written = (file: string, text: string) => {
  writeFileSync(file, text);
  console.log(`Wrote ${path.relative(process.cwd(), file)} (${text.length} bytes)`);
};

written(OPENAPI_FILE, await openApiText());
written(CLIENT_TYPES_FILE, await clientTypesText(OPENAPI_FILE));
