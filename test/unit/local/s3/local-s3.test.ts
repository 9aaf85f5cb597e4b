import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SANDBOX_REPORT_BUCKET } from '#local/reports/sandbox-reports';
import { type LocalS3, startLocalS3 } from '#local/s3/local-s3';

describe('the sandbox S3 (s3rver)', () => {
  const directory = path.join(mkdtempSync(path.join(tmpdir(), 'sandbox-s3-')), 's3');
  let s3: LocalS3 | undefined;
  afterEach(async () => {
    await s3?.close();
    s3 = undefined;
  });
  afterAll(() => rmSync(path.dirname(directory), { recursive: true, force: true }));

  const Key = 'reports/r.pdf';
  const bucket = SANDBOX_REPORT_BUCKET;
  // Bytes that are not UTF-8, and more than one chunk of a streamed upload.
  const pdf = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256);

  it('listens on loopback with the reports bucket, and keeps objects byte for byte', async () => {
    s3 = await startLocalS3({ directory, buckets: [SANDBOX_REPORT_BUCKET], fresh: true });
    expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s3.buckets).toEqual([SANDBOX_REPORT_BUCKET]);
    await s3.client.send(new HeadBucketCommand({ Bucket: bucket }));
    await s3.client.send(
      new PutObjectCommand({ Bucket: bucket, Key, Body: pdf, ContentType: 'application/pdf' }),
    );
    const got = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key }));
    expect(got.ContentType).toBe('application/pdf');
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(Buffer.from(pdf));
  });

  it('serves pre-signed GET URLs until they expire, and refuses unknown access keys', async () => {
    s3 = await startLocalS3({ directory, buckets: [SANDBOX_REPORT_BUCKET] });
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key,
      ResponseContentDisposition: 'attachment; filename="r.pdf"',
    });
    const url = await getSignedUrl(s3.client, command, { expiresIn: 60 });
    expect(url.startsWith(`${s3.endpoint}/${bucket}/${Key}?`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="r.pdf"');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(pdf));

    const expired = await getSignedUrl(s3.client, command, {
      expiresIn: 1,
      signingDate: new Date(Date.now() - 5000),
    });
    expect((await fetch(expired)).status).toBe(403);
    const stranger = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'someone', secretAccessKey: 'else' },
    });
    await expect(stranger.send(new GetObjectCommand({ Bucket: bucket, Key }))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    stranger.destroy();
  });

  it('keeps objects across restarts, and starts empty when fresh', async () => {
    s3 = await startLocalS3({ directory, buckets: [SANDBOX_REPORT_BUCKET] });
    await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key }));
    await s3.close();
    s3 = await startLocalS3({ directory, buckets: [SANDBOX_REPORT_BUCKET], fresh: true });
    await s3.client.send(new HeadBucketCommand({ Bucket: bucket }));
    await expect(s3.client.send(new GetObjectCommand({ Bucket: bucket, Key }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });
});
