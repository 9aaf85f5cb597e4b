/**
 * The SDK floor (bench/floors/sdk-floor.ts) with the search functions' S3 access
 * (functions/catalogue/store/search-index.ts: a pre-signer and `fetch`, no S3 client): the floor
 * of `POST /products/search` and of `GET /products`, which answers `searchCriteria` the same way.
 * It reads the snapshot's objects whole, as the function does, and does nothing with them.
 */

import { CATALOGUE_ENV } from '#functions/contracts/environment';
import { presignedGet } from '#functions/contracts/floor-parts/search-floor-parts';
import { floorHandler } from './sdk-floor';

const SIGNED_SECONDS = 60;

export const handler = floorHandler((request) => {
  if (!('readSearchFile' in request)) return undefined;
  const bucket = process.env[CATALOGUE_ENV.bucket] ?? '';
  return presignedGet(bucket, request.readSearchFile.key, SIGNED_SECONDS)
    .then((url) => fetch(url))
    .then(async (response) => {
      if (!response.ok) throw new Error(`S3 answered ${response.status} for ${request.readSearchFile.key}`);
      return (await response.arrayBuffer()).byteLength;
    });
});
