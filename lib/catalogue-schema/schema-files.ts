import * as path from 'node:path';
import { catalogueLineSchema, stockLineSchema } from '../../functions/catalogue/domain/catalogue-schema';
import { projectRoot } from '../project-paths';

/**
 * The committed JSON copies of the catalogue file's line schemas, for teams and their tools.
 * Never edited by hand: `npx tsx lib/catalogue-schema/write.ts` writes them from the TS objects,
 * and a unit test fails when a committed copy and its object disagree.
 */
export const catalogueSchemaFiles = [
  { file: path.join(projectRoot, 'docs', 'catalogue.schema.json'), schema: catalogueLineSchema },
  { file: path.join(projectRoot, 'docs', 'catalogue-stock.schema.json'), schema: stockLineSchema },
] as const;

export const schemaText = (schema: object): string => `${JSON.stringify(schema, null, 2)}\n`;
