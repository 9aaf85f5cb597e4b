import { type CompressCallback, gunzip, gunzipSync, gzip, type InputType } from 'node:zlib';

/**
 * zlib's callback form as a promise. Not `util.promisify`: an ES module import of node:util loads
 * all of it, 1.3–1.5 ms of each search and listing function's import
 * (docs/decisions/functions-and-bundles.md D93).
 */
const onThreads =
  (run: (bytes: InputType, done: CompressCallback) => void) =>
  (bytes: Uint8Array): Promise<Uint8Array> =>
    new Promise((resolve, reject) =>
      run(bytes, (error, result) => (error ? reject(error) : resolve(result))),
    );

/**
 * How the search snapshot's packed files travel (docs/decisions/search-engine.md D68): gzipped, about a quarter of
 * their size, which S3 transfers in less time than it takes to unzip them. A large file is
 * unzipped on libuv's threads, so a search function unzips its files side by side.
 */
export const compressSnapshot = onThreads(gzip);

const gunzipOnThreads = onThreads(gunzip);

/**
 * Below this many compressed bytes a file is unzipped on the spot: the threads cost more than
 * they save there (a process's first unzip on them starts the pool, about 2.5 ms measured, where
 * unzipping 20 KB takes 0.25 ms).
 */
const UNZIP_ON_THREADS_FROM = 256 * 1024;

export const decompressSnapshot = async (bytes: Uint8Array): Promise<Uint8Array> =>
  bytes.length < UNZIP_ON_THREADS_FROM ? gunzipSync(bytes) : gunzipOnThreads(bytes);
