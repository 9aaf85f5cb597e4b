import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '#commons/clients/s3';
import { REPORT_ENV } from '../report-env';
import type { ReportFiles } from './report-files';

/** Seconds a pre-signed download URL stays valid. */
export const DOWNLOAD_URL_SECONDS = 300;

const bucket = () => {
  const name = process.env[REPORT_ENV.bucket];
  if (!name) throw new Error(`${REPORT_ENV.bucket} is not set`);
  return name;
};

const objectKey = (reportId: string) => `reports/${reportId}.pdf`;

export const s3ReportFiles: ReportFiles = {
  async put(reportId, pdf) {
    await s3Client.send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: objectKey(reportId),
        Body: pdf,
        ContentType: 'application/pdf',
      }),
    );
  },

  async get(reportId) {
    try {
      const { Body } = await s3Client.send(
        new GetObjectCommand({ Bucket: bucket(), Key: objectKey(reportId) }),
      );
      return Body ? await Body.transformToByteArray() : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  },

  downloadUrl(reportId, fileName) {
    return getSignedUrl(
      s3Client,
      new GetObjectCommand({
        Bucket: bucket(),
        Key: objectKey(reportId),
        ResponseContentType: 'application/pdf',
        ResponseContentDisposition: `attachment; filename="${fileName}"`,
      }),
      { expiresIn: DOWNLOAD_URL_SECONDS },
    );
  },
};
