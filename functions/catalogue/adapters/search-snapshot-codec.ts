import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

/**
 * How the search snapshot's packed files travel (docs/design.md D68): gzipped, about a quarter of
 * their size, which S3 transfers in less time than it takes to unzip them. Unzipping runs on
 * libuv's threads, so a search function unzips its files side by side.
 */
export const compressSnapshot: (bytes: Uint8Array) => Promise<Uint8Array> = promisify(gzip);
export const decompressSnapshot: (bytes: Uint8Array) => Promise<Uint8Array> = promisify(gunzip);
