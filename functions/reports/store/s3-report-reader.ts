import { fromEnv } from '@aws-sdk/credential-provider-env';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { HttpRequest } from '@smithy/core/protocols';
import { Hash } from '@smithy/hash-node';
import { REPORT_ENV } from '#commons/environment';
import { reportObjectKey } from './report-object-key';

/** Seconds a pre-signed download URL stays valid. */
export const DOWNLOAD_URL_SECONDS = 300;

const bucket = () => {
  const name = process.env[REPORT_ENV.bucket];
  if (!name) throw new Error(`${REPORT_ENV.bucket} is not set`);
  return name;
};

/**
 * Reads the PDFs through pre-signed URLs only: the presigner and `fetch`, without the S3 client,
 * keep `GET /orders/reports/{id}` under the HTTP bundle budget (the client alone adds ~180 KB).
 * A custom endpoint (AWS_ENDPOINT_URL_S3, the sandbox's s3rver) is addressed path-style.
 */
const presigner = new S3RequestPresigner({
  region: process.env.AWS_REGION ?? 'us-east-1',
  credentials: fromEnv(),
  sha256: Hash.bind(null, 'sha256'),
});

const objectUrl = (key: string): URL => {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3;
  if (endpoint) return new URL(`${endpoint.replace(/\/$/, '')}/${bucket()}/${key}`);
  return new URL(`https://${bucket()}.s3.${process.env.AWS_REGION}.amazonaws.com/${key}`);
};

/** A GET URL of the report's object, valid DOWNLOAD_URL_SECONDS; `query` adds response overrides. */
const presignedGet = async (reportId: string, query: Record<string, string> = {}): Promise<string> => {
  const url = objectUrl(reportObjectKey(reportId));
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
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
  const result = new URL(`${signed.protocol}//${url.host}${signed.path}`);
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    if (typeof value === 'string') result.searchParams.set(name, value);
  }
  return result.href;
};

/** The PDFs port for readers. */
export interface ReportFileReader {
  /** The PDF's bytes, or undefined when it does not exist (not written yet, or expired). */
  get(reportId: string): Promise<Uint8Array | undefined>;
  /** A short-lived URL that downloads the PDF under `fileName`. */
  downloadUrl(reportId: string, fileName: string): Promise<string>;
}

export const s3ReportReader: ReportFileReader = {
  async get(reportId) {
    const response = await fetch(await presignedGet(reportId));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`S3 answered ${response.status} for a report object`);
    return new Uint8Array(await response.arrayBuffer());
  },

  downloadUrl(reportId, fileName) {
    return presignedGet(reportId, {
      'response-content-type': 'application/pdf',
      'response-content-disposition': `attachment; filename="${fileName}"`,
    });
  },
};
