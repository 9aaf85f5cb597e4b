import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

/** The folder of sample events, one per function, that `npx tsx bin/make-events.ts` writes. */
export const eventsDir = path.join(projectRoot, 'events');
