import { fromEnv } from '@aws-sdk/credential-provider-env';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { HttpRequest } from '@smithy/core/protocols';
import { Hash } from '@smithy/hash-node';

/**
 * S3 reads through pre-signed URLs only: the presigner and `fetch`, without the S3 client (about
 * 180 KB), keep an HTTP function that reads S3 under the HTTP bundle budget (docs/decisions/functions-and-bundles.md D37).
 * A custom endpoint (AWS_ENDPOINT_URL_S3, the sandbox's s3rver) is addressed path-style.
 */
const presigner = new S3RequestPresigner({
  region: process.env.AWS_REGION ?? 'us-east-1',
  credentials: fromEnv(),
  sha256: Hash.bind(null, 'sha256'),
});

const objectUrl = (bucket: string, key: string): URL => {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3;
  if (endpoint) return new URL(`${endpoint.replace(/\/$/, '')}/${bucket}/${key}`);
  return new URL(`https://${bucket}.s3.${process.env.AWS_REGION}.amazonaws.com/${key}`);
};

/** A GET URL of the object, valid `expiresIn` seconds; `query` adds response overrides. */
export const presignedGet = async (
  bucket: string,
  key: string,
  expiresIn: number,
  query: Record<string, string> = {},
): Promise<string> => {
  const url = objectUrl(bucket, key);
  const signed = await presigner.presign(
    new HttpRequest({
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers: { host: url.host },
    }),
    { expiresIn },
  );
  const result = new URL(`${signed.protocol}//${url.host}${signed.path}`);
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    if (typeof value === 'string') result.searchParams.set(name, value);
  }
  return result.href;
};
