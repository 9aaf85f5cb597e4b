import { readFileSync } from 'node:fs';
import { Document, type ISpectralDiagnostic, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { OPENAPI_FILE } from '#lib/openapi/document';
import { openApiRuleset } from '#lib/openapi/spectral-ruleset';

/**
 * The lint gate of docs/openapi.json (docs/decisions/api-contract.md D88): Spectral's
 * `oas` and OWASP rules find nothing the ruleset (lib/openapi/spectral-ruleset.ts) does not
 * acknowledge. A failure lists each finding, one a line: rule, where, what.
 */

type Doc = Record<string, unknown>;

const lint = async (document: Doc): Promise<string[]> => {
  const spectral = new Spectral();
  spectral.setRuleset(openApiRuleset(document, OPENAPI_FILE));
  const findings: ISpectralDiagnostic[] = await spectral.run(
    new Document(JSON.stringify(document, null, 2), Json, OPENAPI_FILE),
  );
  return findings.map((f) => `${f.code} at ${f.path.join(' > ')}: ${f.message}`).sort();
};

const committed = (): Doc => JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Doc;

describe('Spectral oas + OWASP on docs/openapi.json', () => {
  it('finds nothing the ruleset does not acknowledge', async () => {
    expect((await lint(committed())).join('\n')).toBe('');
  });

  it('finds a string without a bound, an integer without a format, an unguarded write', async () => {
    const document = committed() as { paths: Record<string, Record<string, Doc>> };
    const params = document.paths['/products']!.get!.parameters as Doc[];
    const currency = params.find((p) => p.name === 'currency')!.schema as Doc;
    delete currency.maxLength;
    const batch = document.paths['/orders/batches']!.post!;
    const id = (batch.responses as Record<string, Doc>)['201']!.content as Doc;
    delete ((id['application/json'] as Doc).schema as { properties: Record<string, Doc> }).properties.id!
      .format;
    batch.security = [];

    const findings = await lint(document);
    expect(findings).toEqual([
      expect.stringMatching(
        /^owasp:api2:2023-write-restricted at paths > \/orders\/batches > post > security: /,
      ),
      expect.stringMatching(
        /^owasp:api4:2023-integer-format at paths > \/orders\/batches > post > responses > 201 /,
      ),
      expect.stringMatching(
        /^owasp:api4:2023-string-limit at paths > \/products > get > parameters > \d+ > schema: /,
      ),
    ]);
  });
});
