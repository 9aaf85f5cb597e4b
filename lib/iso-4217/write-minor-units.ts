/** Writes functions/commons/iso-4217-minor-units.ts from dinero.js's ISO 4217 currencies (minor-units-source.ts). */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '../project-paths';
import { GENERATED_FILE, minorUnitsSource } from './minor-units-source';

writeFileSync(path.join(projectRoot, GENERATED_FILE), minorUnitsSource());
console.log(`Wrote ${GENERATED_FILE}`);
