/**
 * A CommonJS script: `require` the package (its dist/cjs build), run the steps
 * (client-consumer-steps.mjs, an ES module, loaded as CommonJS loads one on any Node: import()).
 */
const api = require('@commerce-api/client');

import('./client-consumer-steps.mjs')
  .then(({ runSteps }) => runSteps(api, process.env))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
