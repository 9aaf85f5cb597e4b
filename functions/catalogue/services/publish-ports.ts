import type { Language } from '#commons/languages';
import type { PublishKind } from '#functions/contracts/publish-workflow-contract';
import type { LineError } from '../domain/catalogue-file';
import type { Manifest } from '../domain/catalogue-manifest';
import type { PublishLock } from '../domain/publish-lock';
import type { StockSnapshot } from '../domain/search-document';
import type { SearchSnapshotFiles } from '../domain/search-snapshot';

/** A table item of a catalogue version, keys included. */
export type VersionItem = Record<string, unknown> & { readonly pk: string; readonly sk: string };

/** How existingItems names an item. */
export const itemId = (key: { readonly pk: string; readonly sk: string }) => `${key.pk}|${key.sk}`;

/** The import bucket: uploaded files, and each version's items in numbered files (its plan). */
export interface ImportFiles {
  readUpload(key: string): Promise<string>;
  writeVersionFile(version: string, file: number, items: readonly VersionItem[]): Promise<void>;
  readVersionFile(version: string, file: number): Promise<readonly VersionItem[]>;
  /** The version's search snapshot and stock snapshot (docs/decisions/search-engine.md D68). */
  writeSearchSnapshot(version: string, snapshot: SearchSnapshotFiles, stock: StockSnapshot): Promise<void>;
  /** The version's stock snapshot ({} when it has none). */
  readStockSnapshot(version: string): Promise<StockSnapshot>;
  writeStockSnapshot(version: string, stock: StockSnapshot): Promise<void>;
  /** The version's manifest (docs/decisions/catalogue-versions.md D90), undefined when it has none. */
  writeManifest(version: string, manifest: Manifest): Promise<void>;
  readManifest(version: string): Promise<Manifest | undefined>;
  /** The version's catalogue as the lines of its file (catalogueLines): what read-back starts from. */
  writeCatalogueCopy(version: string, lines: readonly string[]): Promise<void>;
  readCatalogueCopy(version: string): Promise<string>;
  /** Deletes the plan files, the search snapshots (a text index per language), the manifest and the catalogue copy. */
  deleteVersionFiles(version: string, files: number, languages: readonly Language[]): Promise<void>;
}

export type PublishStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'REFUSED';

/** What `npm run catalogue -- status` shows of one publish or stock update. */
export interface PublishRecord {
  readonly publishId: string;
  readonly kind: PublishKind;
  readonly status: PublishStatus;
  readonly startedAt: string;
  readonly finishedAt?: string;
  readonly version?: string;
  readonly counts?: Readonly<Record<string, number>>;
  readonly error?: string;
  readonly message?: string;
  readonly errors?: readonly LineError[];
  readonly lines?: number;
  /** The layout the version it made was written in (docs/decisions/catalogue-versions.md D73). */
  readonly layout?: number;
  /** An upgrade's source: the active version it planned again, and that version's layout. */
  readonly upgradedFrom?: { readonly version: string; readonly layout: number };
}

export interface ActiveRecord {
  readonly version: string;
  readonly publishedAt: string;
  readonly publishId: string;
  readonly counts: Readonly<Record<string, number>>;
  /** The version's layout; none on a version written before layouts were recorded (layoutOf reads it). */
  readonly layout?: number;
  /** The version's generation (layout 4, docs/decisions/catalogue-versions.md D90): the shared items it reads are at or below it. */
  readonly generation?: number;
  /** Layout 5: the languages of its texts, which requests are negotiated over (docs/decisions/http-requests.md D8). */
  readonly languages?: readonly Language[];
}

/**
 * Who holds the lock, when it cannot be taken: its run, since when, and (as the lock item says)
 * until when and whether it is still its command's claim (docs/decisions/catalogue-versions.md D79).
 */
export type LockHolder = Pick<PublishLock, 'publishId' | 'kind' | 'since'> &
  Partial<Pick<PublishLock, 'expiresAt' | 'claimed'>>;

/** A version's own record: how many plan files hold its items (stock updates add files). */
export interface VersionRecord {
  readonly version: string;
  readonly files: number;
  /** As the ACTIVE record's: none on a version written before layouts were recorded. */
  readonly layout?: number;
  /** Layout 4: the version's generation, which a retried plan takes again (docs/decisions/catalogue-versions.md D90). */
  readonly generation?: number;
  /** Layout 4: how many of `files` its plan wrote; the files after them are its stock updates'. */
  readonly planFiles?: number;
  /** Layout 5: the languages of its texts, each with a text index (versionLanguages reads older ones). */
  readonly languages?: readonly Language[];
}

export interface PublishStore {
  /** Takes the stage's one publish lock, or says who holds it. A lock past its time is taken over. */
  acquireLock(publishId: string, kind: PublishKind, now: Date): Promise<LockHolder | undefined>;
  releaseLock(publishId: string): Promise<void>;
  active(): Promise<ActiveRecord | undefined>;
  putRecord(record: PublishRecord): Promise<void>;
  record(publishId: string): Promise<PublishRecord | undefined>;
  /** The latest publishes and stock updates, newest first. */
  records(limit: number): Promise<PublishRecord[]>;
  putVersion(record: VersionRecord): Promise<void>;
  version(version: string): Promise<VersionRecord | undefined>;
  /** Every version recorded on the stage (the active one, those not removed yet, a failed one). */
  versions(): Promise<VersionRecord[]>;
  /** The next generation of the stage's counter (docs/decisions/catalogue-versions.md D90). */
  nextGeneration(): Promise<number>;
  /** Adds one plan file to a version and answers its number. */
  addVersionFile(version: string): Promise<number>;
  /** Writes a chunk's items from the last recorded progress on; answers how many it wrote. */
  writeChunk(
    version: string,
    chunk: number,
    items: readonly VersionItem[],
    progressEvery: number,
  ): Promise<number>;
  /**
   * Makes `active` the version readers see, in one conditional write: only if `expected` (the
   * version the plan saw, or none) still is. false when it was not.
   */
  switchActive(active: ActiveRecord, expected: string | undefined): Promise<boolean>;
  deleteItems(keys: readonly Pick<VersionItem, 'pk' | 'sk'>[]): Promise<void>;
  deleteVersion(version: string): Promise<void>;
  /** Which of these items exist, each as `<pk>|<sk>` (itemId). */
  existingItems(keys: readonly Pick<VersionItem, 'pk' | 'sk'>[]): Promise<Set<string>>;
  /**
   * Adds to the counts of the ACTIVE record, if `version` still is the active one (stock updates
   * that add a product's stock at a new location, docs/decisions/catalogue-versions.md D79).
   */
  addActiveCounts(version: string, added: Readonly<Record<string, number>>): Promise<void>;
  putItems(items: readonly VersionItem[]): Promise<void>;
}

/** What the workflow's steps work with: the table's and the bucket's ports, and the clock. */
export interface PublishDeps {
  readonly store: PublishStore;
  readonly files: ImportFiles;
  readonly now: () => Date;
}
