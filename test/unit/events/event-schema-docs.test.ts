import { readFileSync } from 'node:fs';
import { eventSchemaFiles, publishedText } from '#lib/published-schemas/schema-files';

describe.each(eventSchemaFiles.map((entry) => [entry.file.split('/').slice(-2).join('/'), entry] as const))(
  'docs/%s',
  (_, entry) => {
    it('is the code schema of functions/events/schemas/, byte for byte (run `npx tsx lib/published-schemas/write-published-schemas.ts` after a change)', () => {
      expect(readFileSync(entry.file, 'utf8')).toBe(publishedText(entry));
    });
  },
);
