import { S3Client } from '@aws-sdk/client-s3';

/**
 * One S3 client per execution environment. A custom endpoint (AWS_ENDPOINT_URL_S3, the
 * sandbox's s3rver) takes path-style addressing, as S3-compatible servers do; AWS keeps the
 * virtual-hosted style. Checksums follow the SDK's settings (the sandbox sets
 * AWS_REQUEST_CHECKSUM_CALCULATION / AWS_RESPONSE_CHECKSUM_VALIDATION to WHEN_REQUIRED).
 */
export const s3Client = new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
