/**
 * The publish workflow's contract, shared by its construct (lib/catalogue-publishing.ts), its
 * task function and the sandbox: state names, error names, timings and the shapes each task
 * takes and answers (docs/decisions/catalogue-versions.md D48).
 */
import { CATALOGUE_LAYOUT } from '../catalogue/domain/catalogue-layout';

export const PUBLISH_STATES = {
  isUpgrade: 'Upgrade?',
  nameUpgrade: 'Name upgrade',
  lockForUpgrade: 'Check layout and take publish lock',
  upgradeNext: 'Upgrade now?',
  waitForLock: 'Wait for the running publish',
  upToDate: 'Catalogue up to date',
  acquireLock: 'Acquire publish lock',
  whichKind: 'Catalogue, stock or removal?',
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
  removeLeftover: 'Remove version left behind',
  moreLeftover: 'More of the version left behind?',
  recordRemoval: 'Record removal',
  recordRemovalFailure: 'Record removal failed',
  removalFailed: 'Removal failed',
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
  /** A removal failed after its retries: the version's items stay, unseen by readers. */
  removalFailed: 'CatalogueRemovalFailed',
} as const;

/**
 * Errors an operator running the publish is told of already (a refused file, a busy lock): they
 * fail the execution on purpose and raise no alarm. Any other failure is the system's
 * (docs/decisions/catalogue-versions.md D73: the publish alarm).
 */
export const REFUSALS: readonly string[] = [PUBLISH_ERRORS.busy, PUBLISH_ERRORS.invalid];

export const PUBLISH_TIMING = {
  /**
   * How long the previous version stays after the switch: far longer than a reader keeps the
   * active version it read (ACTIVE_VERSION_CACHE_MS, 5 s) plus its longest request (10 s).
   */
  graceSeconds: 60,
  /** A lock older than this belongs to a publish that died without releasing it. */
  lockSeconds: 6 * 3600,
  /**
   * A command's claim of the lock before its upload (docs/decisions/catalogue-versions.md D79) lasts this long unless
   * the command renews it: a command that died holds the stage for at most a minute.
   */
  claimSeconds: 60,
  /** How often a command renews its claim while it uploads and until its workflow takes the lock over. */
  claimRenewSeconds: 15,
  /** Each task's time limit: Lambda's most, for a chunk of CHUNK_ITEMS on a throttled table. */
  taskSeconds: 900,
  /** Chunks written at once. */
  chunkConcurrency: 4,
  /** How often an upgrade that found the lock taken tries again: a publish takes seconds to minutes. */
  upgradeLockPollSeconds: 10,
} as const;

/** Table items per chunk file: 100,000 products × 6 countries make about 1,200 chunks. */
export const CHUNK_ITEMS = 5_000;
/** A chunk records how far it has come every this many items, so a retry resumes there. */
export const PROGRESS_EVERY = 500;
/** Items a removal task deletes before it hands back a cursor (one task stays well within its time). */
export const REMOVE_PER_TASK = 50_000;

/**
 * A catalogue file, a stock file, an upgrade (the active version planned again from its own files
 * in the layout of this code, started by the deploy: docs/decisions/catalogue-versions.md D73), or the removal of a
 * version a failed removal left behind (started by an operator).
 */
export type PublishKind = 'catalogue' | 'stock' | 'upgrade' | 'remove';

/** What starts an execution: which upload to apply, and how. */
export interface PublishRequest {
  readonly publishId: string;
  readonly kind: PublishKind;
  /**
   * The uploaded file's key in the import bucket; for an upgrade, which reads no upload, the
   * prefix of the version plans it reads (`versions/`); unused by a removal.
   */
  readonly key: string;
}

/** A removal an operator starts: the version to remove, under the publish lock. */
export interface RemovalRequest extends PublishRequest {
  readonly kind: 'remove';
  readonly version: string;
}

/** What the deploy starts an upgrade with (lib/catalogue-publishing.ts), and the sandbox at every start. */
export interface UpgradeStart {
  readonly kind: 'upgrade';
  /** The layout of the code deployed: part of the trigger, so a deploy that raises it starts it again. */
  readonly layout: number;
}

/** The upgrade to this code's layout (docs/decisions/catalogue-versions.md D73): the deploy's, or an operator's (`npm run catalogue -- upgrade`). */
export const UPGRADE_START: UpgradeStart = { kind: 'upgrade', layout: CATALOGUE_LAYOUT };

/** Where an upgrade goes after looking at the active version and the lock. */
export type UpgradeNext = 'plan' | 'wait' | 'done';

export interface PlannedVersion {
  readonly version: string;
  /** The layout the plan was written in (docs/decisions/catalogue-versions.md D73), recorded by the switch. */
  readonly layout: number;
  /** The version readers saw when the plan was made, removed after the switch. */
  readonly previous?: string;
  /** Layout 4: the version's generation, which the switch writes into the ACTIVE record (D90). */
  readonly generation?: number;
  /** Layout 5: the languages of its texts, which the switch writes into the ACTIVE record (D8). */
  readonly languages?: readonly string[];
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
  /** The version being removed, which the removal's failure names. */
  readonly version: string;
  readonly more: boolean;
  readonly cursor: RemovalCursor;
  readonly removed: number;
}

/** Which execution an upgrade is: its id is made from these, so a resumed execution keeps it. */
export interface UpgradeExecution {
  /** `$$.Execution.Name` */
  readonly execution: string;
  /** `$$.Execution.StartTime` */
  readonly startedAt: string;
}

/** What the task function is asked to do: one of the workflow's steps. */
export type PublishTaskInput =
  | ({ readonly action: 'name-upgrade' } & UpgradeExecution)
  | ({ readonly action: 'lock-for-upgrade' } & PublishRequest)
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
  | ({ readonly action: 'fail'; readonly error: string; readonly cause?: string } & PublishRequest)
  | ({ readonly action: 'removed'; readonly removal: RemovalProgress } & PublishRequest)
  | ({
      readonly action: 'removal-failed';
      readonly version: string;
      readonly error: string;
    } & PublishRequest);

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

/** A short, stable tag of a text (FNV-1a, 24 bits, 6 hex digits): the random part of an upgrade's id. */
const tag = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return (hash >>> 8).toString(16).padStart(6, '0');
};

/**
 * An upgrade's publish id, from its execution: sortable by start time like every publish id, and
 * the same each time the execution's first state runs, so a run resumed from the start (the
 * sandbox restarts executions a stop left running) holds the same lock and writes the same version.
 */
export const upgradeId = ({ execution, startedAt }: UpgradeExecution) =>
  newPublishId(new Date(startedAt), tag(execution));

/** The named error a task throws: its name is what the state machine matches. */
export class PublishError extends Error {
  constructor(name: (typeof PUBLISH_ERRORS)[keyof typeof PUBLISH_ERRORS], message: string) {
    super(message);
    this.name = name;
  }
}
