import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
import { parseStockFile } from '#functions/catalogue/domain/stock-file';
import { projectRoot } from '#lib/project-paths';
import { catalogueSchemaFiles, schemaText } from '#lib/published-schemas/schema-files';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';

const committed = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as object;

describe.each(catalogueSchemaFiles.map((entry) => [entry.file.split('/').at(-1)!, entry] as const))(
  'docs/%s',
  (_, { file, schema }) => {
    it('is the TS schema object (run `npx tsx lib/published-schemas/write-published-schemas.ts` after a change)', () => {
      expect(committed(file)).toEqual(JSON.parse(schemaText(schema)));
    });

    it('compiles on its own as a draft 2020-12 schema, outside the service', () => {
      const ajv = new Ajv2020({ strictRequired: false });
      addFormats(ajv);
      expect(() => ajv.compile(committed(file))).not.toThrow();
    });
  },
);

it('the committed catalogue schema accepts every line of the seed file and refuses a stray field', () => {
  const ajv = new Ajv2020({ strictRequired: false });
  addFormats(ajv);
  const validate = ajv.compile(committed(catalogueSchemaFiles[0].file));
  const lines = seedCatalogueText().trimEnd().split('\n');
  expect(lines.filter((line) => !validate(JSON.parse(line)))).toEqual([]);
  const stray = { ...JSON.parse(lines.at(-1)!), warehouse: 'north' };
  expect(validate(stray)).toBe(false);
});

describe('docs/catalogue.md', () => {
  const examples = [
    ...readFileSync(path.join(projectRoot, 'docs', 'catalogue.md'), 'utf8').matchAll(
      /```jsonl\n([\s\S]*?)```/g,
    ),
  ].map(([, body]) => body!);

  it('has a catalogue example of at least six lines, one of each kind, that a publish accepts', () => {
    const parse = parseCatalogue(examples[0]!);
    expect(parse.ok && parse.counts).toEqual({ products: 2, stocks: 1, countries: 1, businessUnits: 1 });
    expect(examples[0]!.trimEnd().split('\n').length).toBeGreaterThanOrEqual(6);
  });

  it('has a stock file example that a stock update accepts', () => {
    expect(parseStockFile(examples[1]!).ok).toBe(true);
  });
});
