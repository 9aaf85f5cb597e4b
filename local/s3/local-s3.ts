import { rmSync } from 'node:fs';
import { S3Client } from '@aws-sdk/client-s3';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '../sandbox-identity';

/**
 * The settings s3rver needs from a client (docs/sandbox.md): path-style addressing and checksums only
 * when an operation requires them (otherwise streamed uploads are stored corrupted). The
 * functions get the same through their environment (function-env.ts).
 */
export const sandboxS3Client = (endpoint: string) =>
  new S3Client({
    endpoint,
    region: SANDBOX_REGION,
    credentials: SANDBOX_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

export interface LocalS3 {
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_S3` for the functions. */
  readonly endpoint: string;
  /** The buckets, made at start when missing. */
  readonly buckets: readonly string[];
  /** A client for the sandbox's own use (tests, `npm run invoke`). */
  readonly client: S3Client;
  close(): Promise<void>;
}

export interface StartLocalS3Options {
  /** Where s3rver keeps buckets and objects as files, so they survive restarts. */
  readonly directory: string;
  /** Start with empty buckets (`--reset`, freshly seeded data). */
  readonly fresh?: boolean;
  readonly buckets: readonly string[];
  /** 0 (default) picks a free port. */
  readonly port?: number;
}

/**
 * Starts s3rver on 127.0.0.1 with the buckets. It checks that a request names a known
 * access key (S3RVER, hence the sandbox's credentials) and that a pre-signed URL has not expired,
 * but not the V4 signature itself. It is CommonJS with Koa and winston behind it, so it is
 * imported here, lazily.
 */
export async function startLocalS3(options: StartLocalS3Options): Promise<LocalS3> {
  const { default: S3rver } = await import('s3rver');
  const { buckets } = options;
  if (options.fresh) rmSync(options.directory, { recursive: true, force: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
    // Path style only: the functions' client uses it, and the vhost guess would read a
    // `127.0.0.1` Host as no bucket at all anyway.
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  // Silent from the logger down: a request cut by close() would otherwise log to a logger
  // whose transports close() has removed, which winston reports on the console.
  server.logger.silent = true;
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = sandboxS3Client(endpoint);
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    buckets,
    client,
    close() {
      closing ??= (async () => {
        client.destroy();
        const closed = server.close();
        // Keep-alive connections (the functions' SDK clients) would hold close() open.
        server.httpServer?.closeAllConnections();
        await closed;
      })();
      return closing;
    },
  };
}
