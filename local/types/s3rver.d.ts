/** s3rver ships no types; this is the part of its API the sandbox uses. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    /** Host or IP to bind to (default `localhost`). */
    address?: string;
    /** 0 picks a free port (default 4568). */
    port?: number;
    /** No request or warning lines on the console. */
    silent?: boolean;
    /** Where buckets and objects are kept, as files. */
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    /** Buckets made (or kept) when the server starts. */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; resolves with the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Removes every bucket and object of the store. */
    reset(): void;
    readonly httpServer?: Server;
    /** Its winston logger. */
    readonly logger: { silent: boolean };
  }
}
