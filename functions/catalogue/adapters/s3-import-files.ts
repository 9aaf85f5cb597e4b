import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '#commons/clients/s3';
import {
  importBucket as bucket,
  catalogueCopyKey,
  manifestKey,
  searchDocumentsKey,
  searchSnapshotKeys,
  searchTextKey,
  stockSnapshotKey,
  versionFileKey,
} from '#functions/contracts/keys/import-object-keys';
import { decodeManifest, encodeManifest } from '../domain/catalogue-manifest';
import type { StockSnapshot } from '../domain/search-document';
import type { SearchSnapshotFiles } from '../domain/search-snapshot';
import type { ImportFiles, VersionItem } from '../services/publish-ports';
import { compressSnapshot, decompressSnapshot } from './search-snapshot-codec';

const put = (key: string, value: unknown) =>
  s3Client.send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: JSON.stringify(value),
      ContentType: 'application/json',
    }),
  );

const putPacked = async (key: string, bytes: Uint8Array) =>
  s3Client.send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: await compressSnapshot(bytes),
      ContentType: 'application/gzip',
    }),
  );

const read = async (key: string) => {
  const { Body } = await s3Client.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  if (!Body) throw new Error(`s3://${bucket()}/${key} has no body`);
  return Body.transformToString('utf8');
};

const readPacked = async (key: string) => {
  const { Body } = await s3Client.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  if (!Body) throw new Error(`s3://${bucket()}/${key} has no body`);
  return Buffer.from(await decompressSnapshot(await Body.transformToByteArray())).toString('utf8');
};

const text = (value: string) => new TextEncoder().encode(value);

export const s3ImportFiles: ImportFiles = {
  readUpload: read,

  async writeVersionFile(version, file, items) {
    await put(versionFileKey(version, file), items);
  },

  async writeSearchSnapshot(version, snapshot: SearchSnapshotFiles, stock: StockSnapshot) {
    await Promise.all([
      putPacked(searchDocumentsKey(version), snapshot.documents),
      ...[...snapshot.texts].map(([language, index]) => putPacked(searchTextKey(version, language), index)),
      put(stockSnapshotKey(version), stock),
    ]);
  },

  async readStockSnapshot(version) {
    try {
      return JSON.parse(await read(stockSnapshotKey(version))) as StockSnapshot;
    } catch (error) {
      // A version published before search snapshots existed: its stock starts from this update.
      if (error instanceof NoSuchKey) return {};
      throw error;
    }
  },

  async writeStockSnapshot(version, stock) {
    await put(stockSnapshotKey(version), stock);
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

  async writeManifest(version, manifest) {
    await putPacked(manifestKey(version), text(encodeManifest(manifest)));
  },

  async readManifest(version) {
    try {
      return decodeManifest(await readPacked(manifestKey(version)));
    } catch (error) {
      // A version whose plan was cut short before its manifest.
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  },

  async writeCatalogueCopy(version, lines) {
    await putPacked(catalogueCopyKey(version), text(`${lines.join('\n')}\n`));
  },

  readCatalogueCopy: (version) => readPacked(catalogueCopyKey(version)),

  async deleteVersionFiles(version, files, languages) {
    const keys = [
      { Key: manifestKey(version) },
      { Key: catalogueCopyKey(version) },
      ...Array.from({ length: files }, (_, i) => ({ Key: versionFileKey(version, i + 1) })),
      ...searchSnapshotKeys(version, languages).map((Key) => ({ Key })),
    ];
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
