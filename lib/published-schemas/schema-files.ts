import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  catalogueLineSchema,
  eventSchemas,
  stockLineSchema,
} from '#functions/contracts/published-schema-sources';
import { projectRoot } from '../project-paths';

/**
 * The committed JSON copies of the schemas published for teams and their tools: the catalogue
 * file's line schemas and the events' detail schemas. The code holds each schema and is never
 * written from these (code → docs, one direction). Never edited by hand:
 * `npx tsx lib/published-schemas/write-published-schemas.ts` writes them from the objects, and a unit test fails
 * when a committed copy and its object disagree.
 */
export const catalogueSchemaFiles = [
  { file: path.join(projectRoot, 'docs', 'catalogue.schema.json'), schema: catalogueLineSchema },
  { file: path.join(projectRoot, 'docs', 'catalogue-stock.schema.json'), schema: stockLineSchema },
] as const;

/** The event schemas are JSON files in the code already: docs/events/ holds their bytes unchanged. */
export const eventSchemaFiles = Object.entries(eventSchemas).map(([type, schema]) => ({
  file: path.join(projectRoot, 'docs', 'events', `${type}.schema.json`),
  source: path.join(projectRoot, 'functions', 'events', 'schemas', `${type}.schema.json`),
  schema,
}));

export const schemaText = (schema: object): string => `${JSON.stringify(schema, null, 2)}\n`;

/** The text a published copy holds. */
export const publishedText = (entry: { readonly schema: object; readonly source?: string }): string =>
  entry.source === undefined ? schemaText(entry.schema) : readFileSync(entry.source, 'utf8');
