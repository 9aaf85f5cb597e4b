import { presignedGet as presignedObjectGet } from '#commons/clients/s3-presigned';
import { REPORT_ENV } from '#functions/contracts/environment';
import { reportObjectKey } from '#functions/contracts/keys/report-object-key';

/** Seconds a pre-signed download URL stays valid. */
export const DOWNLOAD_URL_SECONDS = 300;

const bucket = () => {
  const name = process.env[REPORT_ENV.bucket];
  if (!name) throw new Error(`${REPORT_ENV.bucket} is not set`);
  return name;
};

/** A GET URL of the report's object, valid DOWNLOAD_URL_SECONDS; `query` adds response overrides. */
const presignedGet = (reportId: string, query: Record<string, string> = {}): Promise<string> =>
  presignedObjectGet(bucket(), reportObjectKey(reportId), DOWNLOAD_URL_SECONDS, query);

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
