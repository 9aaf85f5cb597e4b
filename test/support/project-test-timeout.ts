/**
 * Applies the test timeout of the file's jest project (jest.config.js), which Jest 30 would
 * otherwise ignore: it reads `testTimeout` from the top level of the config only.
 */
const timeout = (globalThis as { PROJECT_TEST_TIMEOUT?: unknown }).PROJECT_TEST_TIMEOUT;
if (typeof timeout !== 'number') throw new Error('jest.config.js gives this project no testTimeout');
jest.setTimeout(timeout);
