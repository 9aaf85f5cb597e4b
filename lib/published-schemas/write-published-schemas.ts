/**
 * Writes docs/catalogue.schema.json, docs/catalogue-stock.schema.json and docs/events/*.schema.json
 * from the code's schemas, formatted as Biome wants them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '../project-paths';
import { catalogueSchemaFiles, eventSchemaFiles, publishedText } from './schema-files';

const published = [...catalogueSchemaFiles, ...eventSchemaFiles];
for (const entry of published) writeFileSync(entry.file, publishedText(entry));
const files = published.map(({ file }) => file);
execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'biome'), ['format', '--write', ...files], {
  stdio: 'inherit',
});
for (const file of files) console.log(`Wrote ${path.relative(process.cwd(), file)}`);
