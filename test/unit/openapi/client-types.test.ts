import { readFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, clientTypesText } from '#lib/openapi/client-types';
import { OPENAPI_FILE } from '#lib/openapi/document';

describe("the TypeScript client's types (clients/typescript/src/commerce-api-types.ts)", () => {
  const committed = readFileSync(CLIENT_TYPES_FILE, 'utf8');

  it('are what `npm run openapi` generates from docs/openapi.json (run it after a change)', async () => {
    expect(committed).toBe(await clientTypesText(OPENAPI_FILE));
  });

  it('name every path of the document, and type its operations by their ids', () => {
    const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(committed).toContain(`    "${path}": {`);
      for (const { operationId } of Object.values(methods))
        expect(committed).toContain(`    "${operationId}": {`);
    }
  });
});
