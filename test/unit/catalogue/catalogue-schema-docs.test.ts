import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { catalogueSchemaFiles, schemaText } from '../../../lib/catalogue-schema/schema-files';
import { seedCatalogueText } from '../../../local/seed/catalogue-file-seed';

const committed = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as object;

describe.each(catalogueSchemaFiles.map((entry) => [entry.file.split('/').at(-1)!, entry] as const))(
  'docs/%s',
  (_, { file, schema }) => {
    it('is the TS schema object (run `npx tsx lib/catalogue-schema/write.ts` after a change)', () => {
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
