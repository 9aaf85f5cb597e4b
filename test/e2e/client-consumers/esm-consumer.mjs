/** A plain Node ES module script: `import` the package, run the steps (client-consumer-steps.mjs). */
import * as api from '@commerce-api/client';
import { runSteps } from './client-consumer-steps.mjs';

await runSteps(api, process.env);
