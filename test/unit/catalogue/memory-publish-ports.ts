import type { Manifest } from '#functions/catalogue/domain/catalogue-manifest';
import { mayTakeLock, type PublishLock, runLock } from '#functions/catalogue/domain/publish-lock';
import type { StockSnapshot } from '#functions/catalogue/domain/search-document';
import type { SearchSnapshotFiles } from '#functions/catalogue/domain/search-snapshot';
import {
  type ActiveRecord,
  type ImportFiles,
  itemId,
  type PublishRecord,
  type PublishStore,
  type VersionItem,
  type VersionRecord,
} from '#functions/catalogue/services/publish-ports';
import {
  acquirePublishLock,
  type PublishDeps,
  planVersion,
  switchActiveVersion,
  writeVersionChunk,
} from '#functions/catalogue/services/publish-service';
import { generationRange } from '#functions/contracts/keys/catalogue-keys';
import type { PlannedVersion, PublishRequest } from '#functions/contracts/publish-workflow-contract';

/** The publish workflow's ports in memory: a table of items, the control records, and the bucket. */
export function memoryPublishPorts(uploads: Record<string, string> = {}) {
  const items = new Map<string, VersionItem>();
  const records = new Map<string, PublishRecord>();
  const versions = new Map<string, VersionRecord>();
  const progress = new Map<string, number>();
  const files = new Map<string, readonly VersionItem[]>();
  const searchSnapshots = new Map<string, { snapshot: SearchSnapshotFiles; stock: StockSnapshot }>();
  const manifests = new Map<string, Manifest>();
  const copies = new Map<string, string>();
  let generation = 0;
  /** The lock item, as the table holds it; tests may set it (a claim, a lock past its time). */
  let lock: PublishLock | undefined;
  let active: ActiveRecord | undefined;
  const key = itemId;

  const store: PublishStore = {
    async acquireLock(publishId, kind, now) {
      if (!mayTakeLock(lock, publishId, now)) return lock;
      lock = runLock(publishId, kind, now);
      return undefined;
    },
    async releaseLock(publishId) {
      if (lock?.publishId === publishId) lock = undefined;
    },
    active: async () => active,
    async putRecord(record) {
      records.set(record.publishId, record);
    },
    record: async (publishId) => records.get(publishId),
    records: async (limit) => [...records.values()].reverse().slice(0, limit),
    async putVersion(record) {
      versions.set(record.version, record);
    },
    version: async (version) => versions.get(version),
    versions: async () => [...versions.values()],
    nextGeneration: async () => ++generation,
    async addVersionFile(version) {
      const known = versions.get(version);
      const files = (known?.files ?? 0) + 1;
      versions.set(version, { ...known, version, files });
      return files;
    },
    async writeChunk(version, chunk, chunkItems, every) {
      const from = progress.get(`${version}|${chunk}`) ?? 0;
      for (let i = from; i < chunkItems.length; i += every) {
        for (const item of chunkItems.slice(i, i + every)) items.set(key(item), item);
        progress.set(`${version}|${chunk}`, Math.min(chunkItems.length, i + every));
      }
      return Math.max(0, chunkItems.length - from);
    },
    async switchActive(next, expected) {
      if ((active?.version ?? undefined) !== expected) return false;
      active = next;
      return true;
    },
    async deleteItems(keys) {
      for (const k of keys) items.delete(key(k));
    },
    async deleteVersion(version) {
      versions.delete(version);
    },
    existingItems: async (keys) => new Set(keys.map(itemId).filter((id) => items.has(id))),
    async addActiveCounts(version, added) {
      if (active?.version !== version) return;
      const counts = { ...active.counts };
      for (const [name, n] of Object.entries(added)) counts[name] = (counts[name] ?? 0) + n;
      active = { ...active, counts };
    },
    async putItems(newItems) {
      for (const item of newItems) items.set(key(item), item);
    },
  };
  const importFiles: ImportFiles = {
    readUpload: async (k) => {
      const text = uploads[k];
      if (text === undefined) throw new Error(`no upload ${k}`);
      return text;
    },
    async writeVersionFile(version, file, fileItems) {
      files.set(`${version}/${file}`, fileItems);
    },
    readVersionFile: async (version, file) => files.get(`${version}/${file}`) ?? [],
    async writeSearchSnapshot(version, snapshot, stock) {
      searchSnapshots.set(version, { snapshot, stock });
    },
    readStockSnapshot: async (version) => searchSnapshots.get(version)?.stock ?? {},
    async writeStockSnapshot(version, stock) {
      const found = searchSnapshots.get(version);
      if (found) searchSnapshots.set(version, { ...found, stock });
    },
    async writeManifest(version, manifest) {
      manifests.set(version, manifest);
    },
    readManifest: async (version) => manifests.get(version),
    async writeCatalogueCopy(version, lines) {
      copies.set(version, `${lines.join('\n')}\n`);
    },
    async readCatalogueCopy(version) {
      const copy = copies.get(version);
      if (copy === undefined) throw new Error(`no catalogue copy of ${version}`);
      return copy;
    },
    async deleteVersionFiles(version, count) {
      searchSnapshots.delete(version);
      manifests.delete(version);
      copies.delete(version);
      for (let f = 1; f <= count; f++) files.delete(`${version}/${f}`);
    },
  };
  return {
    store,
    files: importFiles,
    uploads,
    items,
    records,
    get active() {
      return active;
    },
    get lock() {
      return lock;
    },
    set lock(value: PublishLock | undefined) {
      lock = value;
    },
    versionItems: (version: string) => [...items.values()].filter((i) => i.pk.startsWith(`CAT#${version}#`)),
    /**
     * A shared item as a version of `generation` reads it (the reader's Query: greatest sort key
     * in the range, a tombstone is none), without its keys.
     */
    readAt(key: { pk: string; sk: string }) {
      const { pk, from, to } = generationRange(key);
      const found = [...items.values()]
        .filter((i) => i.pk === pk && i.sk >= from && i.sk <= to)
        .sort((a, b) => (a.sk < b.sk ? 1 : -1))[0];
      if (!found || found.deleted === true) return undefined;
      const { pk: _pk, sk: _sk, ...record } = found;
      return record;
    },
    searchSnapshots,
    manifests,
    versionFiles: files,
  };
}

/** The clock of the workflow's steps in the unit tests. */
export const PUBLISH_NOW = new Date('2026-11-24T10:00:00Z');

/** A run of a catalogue file (or of `kind`), uploaded as `uploads/<id>.jsonl`. */
export const publishRequest = (
  publishId: string,
  kind: PublishRequest['kind'] = 'catalogue',
): PublishRequest => ({
  publishId,
  kind,
  key: `uploads/${publishId}.jsonl`,
});

/** The ports, the steps' dependencies, and the workflow's catalogue path as the state machine runs it. */
export function publishWorkflow(uploads: Record<string, string> = {}) {
  const ports = memoryPublishPorts(uploads);
  const deps: PublishDeps = { store: ports.store, files: ports.files, now: () => PUBLISH_NOW };
  /** Plan, chunks and switch of a run whose lock is taken (a publish's, or an upgrade's). */
  const planAndSwitch = async (run: PublishRequest): Promise<PlannedVersion> => {
    const plan = await planVersion(deps, run);
    for (const chunk of plan.chunks) await writeVersionChunk(deps, { version: plan.version, chunk });
    await switchActiveVersion(deps, { ...run, plan });
    return plan;
  };
  const publish = async (id: string) => {
    await acquirePublishLock(deps, publishRequest(id));
    return planAndSwitch(publishRequest(id));
  };
  return { ports, deps, planAndSwitch, publish };
}
