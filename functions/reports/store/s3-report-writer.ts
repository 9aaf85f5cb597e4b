import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '#commons/clients/s3';
import { REPORT_ENV } from '#functions/contracts/environment';
import { reportObjectKey } from '#functions/contracts/keys/report-object-key';
import type { ReportFileWriter } from './report-files';

export const s3ReportWriter: ReportFileWriter = {
  async put(reportId, pdf) {
    const bucket = process.env[REPORT_ENV.bucket];
    if (!bucket) throw new Error(`${REPORT_ENV.bucket} is not set`);
    await s3Client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: reportObjectKey(reportId),
        Body: pdf,
        ContentType: 'application/pdf',
      }),
    );
  },
};
