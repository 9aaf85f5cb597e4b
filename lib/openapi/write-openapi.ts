/** `npm run openapi`: writes docs/openapi.json from the route table and the handlers' schemas. */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { OPENAPI_FILE, openApiText } from './document';

const text = await openApiText();
writeFileSync(OPENAPI_FILE, text);
console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${text.length} bytes)`);
