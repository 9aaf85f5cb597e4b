/**
 * The figures of the code that decision records state as what holds (their titles in the index,
 * their first paragraphs), for doc-figures.test.ts. A record's other figures are the measurements
 * that justify it, dated by the record; these are the ones a change of the code makes wrong.
 */
import { MAX_BATCH_ITEMS } from '#functions/batches/domain/batch';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import { BATCH_LIMITS, REPORT_LIMITS, STATUS_ROUTE_THROTTLE } from '#functions/contracts/caller-limits';
import { PUBLISH_TIMING } from '#functions/contracts/publish-workflow-contract';
import { TASK_TIMEOUTS } from '#functions/contracts/report-workflow-contract';
import { OUTCOME_KEEP_SECONDS } from '#functions/events/domain/event-outcome';
import { MAX_REPORT_DAYS, REPORT_RETENTION_DAYS } from '#functions/reports/domain/report-job';
import { batchQueueSettings as batches } from '#lib/batch-queue-settings';
import { orderEventsSettings as events } from '#lib/order-events-settings';
import { type CodeFigure, inSource } from './doc-figure';

const DAY = 86_400;
const searchMemory = inSource('lib/search-functions.ts', /SEARCH_MEMORY_MB = (\d+)/);

export const decisionFigures: readonly CodeFigure[] = [
  {
    of: 'D20: the batch queue (lib/batch-queue-settings.ts)',
    is: [batches.queue.visibilityTimeoutSeconds, batches.queue.maxReceiveCount],
    said: [/Batch retries: visibility (\d+) s, (\d+) receives/],
  },
  {
    of: 'D20: the batch queue, in full (lib/batch-queue-settings.ts)',
    is: [
      batches.processor.timeoutSeconds,
      batches.queue.visibilityTimeoutSeconds,
      batches.queue.visibilityTimeoutSeconds,
      batches.queue.maxReceiveCount,
      batches.deadLetterQueue.retentionPeriodSeconds / DAY,
      batches.queue.retentionPeriodSeconds / DAY,
    ],
    said: [
      /The processor's timeout is (\d+) s and the queue's visibility timeout (\d+) s; a failed message comes back after (\d+) s and, after (\d+) receives \(`maxReceiveCount`\), moves to the dead-letter queue, which keeps messages (\d+) days \(the batch queue keeps them (\d+) days\)/,
    ],
  },
  {
    of: 'D22: the longest report period (functions/reports/domain/report-job.ts MAX_REPORT_DAYS)',
    is: [MAX_REPORT_DAYS],
    said: [/Report period at most (\d+) days/],
  },
  {
    of: "D26: the status route's throttle (functions/contracts/caller-limits.ts STATUS_ROUTE_THROTTLE)",
    is: [STATUS_ROUTE_THROTTLE.rateLimit, STATUS_ROUTE_THROTTLE.burstLimit],
    said: [
      /Status route throttle (\d+)\/s, burst ([\d,]+)/,
      /at (\d+) requests\/s with a burst of ([\d,]+) \(`S/,
    ],
  },
  {
    of: 'D30: how long a PDF is kept (functions/reports/domain/report-job.ts REPORT_RETENTION_DAYS)',
    is: [REPORT_RETENTION_DAYS],
    said: [/Reports expire after (\d+) days/],
  },
  {
    of: "D56: a caller's report limits (functions/contracts/caller-limits.ts REPORT_LIMITS)",
    is: [REPORT_LIMITS.inProgress, REPORT_LIMITS.perHour.capacity],
    said: [/Report limits per caller: (\d+) in progress, (\d+) an hour/],
  },
  {
    of: 'D57, D58: the batch pace and backlog (functions/contracts/caller-limits.ts BATCH_LIMITS)',
    is: [BATCH_LIMITS.itemsPerSecond],
    said: [/its slot at (\d+) items a second \(`itemsPerSecond`\)/],
  },
  {
    of: "D58: a caller's batch backlog (functions/contracts/caller-limits.ts BATCH_LIMITS.itemsInProgress)",
    is: [BATCH_LIMITS.itemsInProgress],
    said: [/A caller may have at most ([\d,]+) items waiting for their slot/],
  },
  {
    of: 'D4: the largest batch (functions/batches/domain/batch.ts MAX_BATCH_ITEMS)',
    is: [MAX_BATCH_ITEMS],
    said: [/At most ([\d,]+) items a request \(`MAX_BATCH_ITEMS`/],
  },
  {
    of: 'D69: the search functions’ memory (lib/search-functions.ts SEARCH_MEMORY_MB)',
    is: [searchMemory],
    said: [/one whole vCPU \(([\d,]+) MB\)/],
  },
  {
    of: 'D38: the functions’ defaults and the largest (lib/api-function.ts, lib/report-workflow.ts, lib/search-functions.ts, TASK_TIMEOUTS)',
    is: [
      inSource('lib/api-function.ts', /memorySize: (\d+)/),
      inSource('lib/api-function.ts', /timeout: Duration\.seconds\((\d+)\)/),
      inSource('lib/report-workflow.ts', /memorySize: (\d+)/),
      TASK_TIMEOUTS.generate,
      searchMemory,
      inSource('lib/catalogue-publishing.ts', /memorySize: (\d+)/),
      PUBLISH_TIMING.taskSeconds,
    ],
    said: [
      /Node\.js 24 on arm64, (\d+) MB, (\d+) s, X-Ray active tracing.*?the report generator ([\d,]+) MB and (\d+) s; the two search routes ([\d,]+) MB \(\[D69\]\); the catalogue publish task ([\d,]+) MB and (\d+) s/,
    ],
  },
  {
    of: 'D42: the stage throttle by default (lib/stage.ts DEFAULT_THROTTLE)',
    is: [
      inSource('lib/stage.ts', /DEFAULT_THROTTLE: Throttle = \{ rateLimit: (\d+)/),
      inSource('lib/stage.ts', /DEFAULT_THROTTLE: Throttle = \{ rateLimit: \d+, burstLimit: (\d+)/),
    ],
    said: [/\(`throttle`; (\d+) requests\/s with a burst of (\d+) when/],
  },
  {
    of: "D47: an event's receives and their span (lib/order-events-settings.ts)",
    is: [
      events.queue.maxReceiveCount,
      ((events.queue.maxReceiveCount - 1) * events.queue.visibilityTimeoutSeconds) / 60,
    ],
    said: [/after (\d+) receives \((\d+) minutes\) it stays/, /(\d+) receives over (\d+) minutes: time for/],
  },
  {
    of: "D78: an outcome record's lifetime (functions/events/domain/event-outcome.ts OUTCOME_KEEP_SECONDS)",
    is: [OUTCOME_KEEP_SECONDS / DAY],
    said: [/`expiresAt` \(the table's TTL\): (\d+) days, the dead-letter queue's retention/],
  },
  {
    of: 'D40, D41: the 5xx alarm and the oldest batch dead letter (lib/operations/settings.ts, lib/batch-queue.ts)',
    is: [
      inSource('lib/operations/settings.ts', /thresholdPercent: (\d+)/),
      inSource('lib/operations/settings.ts', /datapointsToAlarm: (\d+)/),
      inSource('lib/operations/settings.ts', /evaluationPeriods: (\d+)/),
    ],
    said: [/5xx rate above (\d+) % in (\d+) of (\d+) minutes/],
  },
  {
    of: 'the oldest batch dead letter, in a record (lib/batch-queue.ts)',
    is: [inSource('lib/batch-queue.ts', /threshold: (\d+ \* 60),/) / 60],
    said: [/a batch dead letter older than (\d+) minutes/],
  },
  {
    of: "D48: the grace before a removal and the readers' cache (PUBLISH_TIMING.graceSeconds, local/catalogue/sandbox-catalogue.ts, ACTIVE_VERSION_CACHE_MS)",
    is: [
      PUBLISH_TIMING.graceSeconds,
      inSource('local/catalogue/sandbox-catalogue.ts', /SANDBOX_GRACE_MS = ([\d_]+);/) / 1000,
    ],
    said: [/waits (\d+) s \((\d+) s in the sandbox\), then removes/],
  },
  {
    of: "D48: the readers' cache of the active version (functions/catalogue/store/active-version.ts)",
    is: [ACTIVE_VERSION_CACHE_MS / 1000],
    said: [/caches it (\d+) s per execution environment/],
  },
  {
    of: "D79: the publish lock's claim, its renewal, a run's lock (PUBLISH_TIMING)",
    is: [PUBLISH_TIMING.claimSeconds],
    said: [/an expiry (\d+) s away/],
  },
  {
    of: 'D79: how often a command renews its claim (PUBLISH_TIMING.claimRenewSeconds)',
    is: [PUBLISH_TIMING.claimRenewSeconds],
    said: [/The command renews it every (\d+) s/],
  },
  {
    of: "D48: a workflow's lock (PUBLISH_TIMING.lockSeconds)",
    is: [PUBLISH_TIMING.lockSeconds / 3600],
    said: [/a workflow's lock lapses after (\d+) h/],
  },
  {
    of: "D85: each jest project's test timeout (jest.config.js)",
    is: ['unit', 'infra', 'e2e', 'e2e-slow'].map(
      (name) =>
        inSource('jest.config.js', new RegExp(`displayName: '${name}',[\\s\\S]*?testTimeout: ([\\d_]+),`)) /
        1000,
    ),
    said: [/`testTimeout` unit (\d+) s, infra (\d+) s, e2e (\d+) s, e2e-slow (\d+) s/],
  },
];
