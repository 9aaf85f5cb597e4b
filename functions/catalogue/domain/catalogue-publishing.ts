/**
 * The publish workflow's contract, shared by its construct (lib/catalogue-publishing.ts), its
 * task function and the sandbox: state names, error names, timings and the shapes each task
 * takes and answers (docs/design.md D48).
 */

export const PUBLISH_STATES = {
  acquireLock: 'Acquire publish lock',
  whichKind: 'Catalogue or stock?',
  plan: 'Validate and plan version',
  writeChunks: 'Write version chunks',
  writeChunk: 'Write chunk',
  switchVersion: 'Switch active version',
  hasPrevious: 'Previous version?',
  waitForReaders: 'Wait for readers of the previous version',
  removePrevious: 'Remove previous version',
  morePrevious: 'More of the previous version?',
  applyStock: 'Apply stock levels',
  recordFailure: 'Record publish failed',
  removeFailed: 'Remove failed version',
  moreFailed: 'More of the failed version?',
  published: 'Published',
  refused: 'Publish refused',
  failed: 'Publish failed',
} as const;

/** Error names the task function throws, which the state machine's Retry and Catch match. */
export const PUBLISH_ERRORS = {
  /** Another publish or stock update holds the lock. */
  busy: 'CataloguePublishBusy',
  /** The file has bad lines; the publish record lists the first ones. */
  invalid: 'CatalogueInvalid',
  /** The active version changed under the publish (someone broke the lock). */
  conflict: 'CatalogueVersionConflict',
} as const;

export const PUBLISH_TIMING = {
  /**
   * How long the previous version stays after the switch: far longer than a reader keeps the
   * active version it read (ACTIVE_VERSION_CACHE_MS, 5 s) plus its longest request (10 s).
   */
  graceSeconds: 60,
  /** A lock older than this belongs to a publish that died without releasing it. */
  lockSeconds: 6 * 3600,
  /** Each task's time limit: Lambda's most, for a chunk of CHUNK_ITEMS on a throttled table. */
  taskSeconds: 900,
  /** Chunks written at once. */
  chunkConcurrency: 4,
} as const;

/** Table items per chunk file: 100,000 products × 6 countries make about 1,200 chunks. */
export const CHUNK_ITEMS = 5_000;
/** A chunk records how far it has come every this many items, so a retry resumes there. */
export const PROGRESS_EVERY = 500;
/** Items a removal task deletes before it hands back a cursor (one task stays well within its time). */
export const REMOVE_PER_TASK = 50_000;

export type PublishKind = 'catalogue' | 'stock';

/** What starts an execution: which upload to apply, and how. */
export interface PublishRequest {
  readonly publishId: string;
  readonly kind: PublishKind;
  /** The uploaded file's key in the import bucket. */
  readonly key: string;
}

export interface PlannedVersion {
  readonly version: string;
  /** The version readers saw when the plan was made, removed after the switch. */
  readonly previous?: string;
  /** The chunk numbers, 1..n: the Map state's items. */
  readonly chunks: readonly number[];
  readonly counts: Readonly<Record<string, number>>;
}

/** A removal's place: which file of the version's plan, and how far in it. */
export interface RemovalCursor {
  readonly file: number;
  readonly item: number;
}

export interface RemovalProgress {
  readonly more: boolean;
  readonly cursor: RemovalCursor;
  readonly removed: number;
}

/** What the task function is asked to do: one of the workflow's steps. */
export type PublishTaskInput =
  | ({ readonly action: 'acquire' } & PublishRequest)
  | ({ readonly action: 'plan' } & PublishRequest)
  | { readonly action: 'write-chunk'; readonly version: string; readonly chunk: number }
  | ({ readonly action: 'switch'; readonly plan: PlannedVersion } & PublishRequest)
  | {
      readonly action: 'remove';
      readonly version: string;
      readonly cursor?: RemovalCursor;
    }
  | ({ readonly action: 'apply-stock' } & PublishRequest)
  | ({ readonly action: 'fail'; readonly error: string; readonly cause?: string } & PublishRequest);

/** Splits items into chunks of at most `size`. */
export const chunked = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};

/**
 * A publish id (and the version it makes): sortable by start time, unique with the random
 * part, short enough for every key of the version (`CAT#<version>#…`).
 */
export const newPublishId = (now: Date, random: string) =>
  `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${random}`;

/** The named error a task throws: its name is what the state machine matches. */
export class PublishError extends Error {
  constructor(name: (typeof PUBLISH_ERRORS)[keyof typeof PUBLISH_ERRORS], message: string) {
    super(message);
    this.name = name;
  }
}
