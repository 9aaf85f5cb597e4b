import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '#commons/clients/s3';
import { CATALOGUE_ENV } from '#commons/environment';
import type { ImportFiles, VersionItem } from '../services/publish-ports';
import { versionFileKey } from './import-object-keys';

const bucket = () => {
  const name = process.env[CATALOGUE_ENV.bucket];
  if (!name) throw new Error(`${CATALOGUE_ENV.bucket} is not set`);
  return name;
};

const read = async (key: string) => {
  const { Body } = await s3Client.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  if (!Body) throw new Error(`s3://${bucket()}/${key} has no body`);
  return Body.transformToString('utf8');
};

export const s3ImportFiles: ImportFiles = {
  readUpload: read,

  async writeVersionFile(version, file, items) {
    await s3Client.send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: versionFileKey(version, file),
        Body: JSON.stringify(items),
        ContentType: 'application/json',
      }),
    );
  },

  async readVersionFile(version, file) {
    try {
      return JSON.parse(await read(versionFileKey(version, file))) as VersionItem[];
    } catch (error) {
      // A version whose plan was cut short has fewer files than its record counts.
      if (error instanceof NoSuchKey) return [];
      throw error;
    }
  },

  async deleteVersionFiles(version, files) {
    const keys = Array.from({ length: files }, (_, i) => ({ Key: versionFileKey(version, i + 1) }));
    for (let i = 0; i < keys.length; i += 1000) {
      await s3Client.send(
        new DeleteObjectsCommand({
          Bucket: bucket(),
          Delete: { Objects: keys.slice(i, i + 1000), Quiet: true },
        }),
      );
    }
  },
};
