/**
 * A TypeScript program, built two ways by test/e2e/client-package.test.ts: compiled by tsc with
 * module and moduleResolution `nodenext` and run by node (consumer b), and type-checked with
 * moduleResolution `bundler`, then bundled by esbuild (consumer c). It names the package's types
 * as a TypeScript caller does, then runs the steps every consumer runs (client-consumer-steps.mjs,
 * type-checked with it: checkJs).
 */

import * as api from '@commerce-api/client';
import {
  type CommerceClientOptions,
  createCommerceClient,
  type paths,
  type RetryOptions,
  unwrap,
} from '@commerce-api/client';
import { runSteps } from './client-consumer-steps.mjs';

type Countries = paths['/countries']['get']['responses'][200]['content']['application/json'];

const retry: RetryOptions = { retries: 2, maxWaitSeconds: 10 };
const options: CommerceClientOptions = {
  baseUrl: `${process.env.COMMERCE_API_URL}`,
  timeoutMs: 30_000,
  retry,
};
const countries: Countries = unwrap(await createCommerceClient(options).GET('/countries'));
if (!countries.some((country) => country.id === 'FR')) throw new Error('No FR among the countries.');

await runSteps(api, process.env);
