/**
 * The figures of how a stage runs (queues and events, catalogue publishing, functions, throttles,
 * alarms, the sandbox, the commands and the tests), each with the code that sets it and the
 * sentences of the docs that state it (doc-figures.test.ts). Modules that load aws-cdk-lib are read
 * from their source, so this test stays quick.
 */
import { CHUNK_ITEMS, PUBLISH_TIMING } from '#functions/contracts/publish-workflow-contract';
import {
  CALLBACK_RETRY,
  GENERATE_THROTTLED_RETRY,
  TASK_TIMEOUTS,
} from '#functions/contracts/report-workflow-contract';
import { OUTCOME_KEEP_SECONDS } from '#functions/events/domain/event-outcome';
import { batchQueueSettings } from '#lib/batch-queue-settings';
import { orderEventsSettings } from '#lib/order-events-settings';
import { type CodeFigure, inSource, shippedStage } from './doc-figure';

const DAY = 86_400;
const batches = batchQueueSettings;
const events = orderEventsSettings;
const soonestVisibility = inSource('local/queues/local-sqs.ts', /SOONEST_VISIBILITY_SECONDS = (\d+)/);
const sandboxCallbackSeconds =
  inSource('local/reports/sandbox-reports.ts', /SANDBOX_CALLBACK_RETRY_MS = (\d+)/) / 1000;

/** The throttles the shipped stage files give a route: dev's, when prod's are the same (else no figure is right). */
const shippedThrottle = (route: string) => {
  const of = (stage: string) =>
    (shippedStage(stage).routeThrottles as Record<string, { rateLimit: number; burstLimit: number }>)[route];
  const [dev, prod] = [of('dev'), of('prod')];
  return dev && prod && dev.rateLimit === prod.rateLimit && dev.burstLimit === prod.burstLimit
    ? [dev.rateLimit, dev.burstLimit]
    : [Number.NaN, Number.NaN];
};
const stageThrottle = [
  inSource('lib/stage.ts', /DEFAULT_THROTTLE: Throttle = \{ rateLimit: (\d+)/),
  inSource('lib/stage.ts', /DEFAULT_THROTTLE: Throttle = \{ rateLimit: \d+, burstLimit: (\d+)/),
];
const functionDefaults = [
  inSource('lib/api-function.ts', /memorySize: (\d+)/),
  inSource('lib/api-function.ts', /timeout: Duration\.seconds\((\d+)\)/),
];
/** How long a throttled report generation is retried in all, in whole minutes. */
const generatorWaitMinutes = Math.round(
  Array.from(
    { length: GENERATE_THROTTLED_RETRY.maxRetries },
    (_, i) => GENERATE_THROTTLED_RETRY.intervalSeconds * GENERATE_THROTTLED_RETRY.backoffRate ** i,
  ).reduce((sum, s) => sum + s, 0) / 60,
);
const generatorConcurrency = shippedStage('prod').reportGeneratorConcurrency as number;
const progressSeconds = inSource('local/catalogue/publish-file.ts', /lastSaid > ([\d_]+)\)/) / 1000;
const fiveXx = ['thresholdPercent', 'datapointsToAlarm', 'evaluationPeriods'].map((name) =>
  inSource('lib/operations/settings.ts', new RegExp(`${name}: (\\d+)`)),
);

export const stageFigures: readonly CodeFigure[] = [
  {
    of: "the batch queue's visibility, the processor's timeout, its receives and the dead letters' retention (lib/batch-queue-settings.ts)",
    is: [
      batches.queue.visibilityTimeoutSeconds,
      batches.processor.timeoutSeconds,
      batches.queue.maxReceiveCount,
      batches.deadLetterQueue.retentionPeriodSeconds / DAY,
    ],
    said: [
      /visibility timeout \((\d+) s, six times the processor's (\d+) s timeout\) and, after (\d+) receives, goes to the dead-letter queue \(kept (\d+) days\)/,
    ],
  },
  {
    of: "the batch queue's mapping as the sandbox plays it (lib/batch-queue-settings.ts; local/queues/local-sqs.ts SOONEST_VISIBILITY_SECONDS)",
    is: [
      batches.processor.batchSize,
      batches.processor.maxBatchingWindowSeconds,
      batches.queue.maxReceiveCount,
      batches.queue.visibilityTimeoutSeconds / soonestVisibility,
      soonestVisibility,
      batches.queue.visibilityTimeoutSeconds,
    ],
    said: [
      /batch size \((\d+)\), batching window \((\d+) s\) and `maxReceiveCount` \((\d+)\)\. Retries are compressed (\d+) times \(a failed message is visible again after (\d+) s instead of (\d+) s\)/,
    ],
  },
  {
    of: "the batch and events queues' mappings in the sandbox (lib/batch-queue-settings.ts; lib/order-events-settings.ts; local/queues/batch-queue-wiring.ts; local/queues/local-sqs.ts)",
    is: [
      batches.processor.batchSize,
      batches.processor.maxBatchingWindowSeconds,
      batches.queue.maxReceiveCount,
      inSource('local/queues/batch-queue-wiring.ts', /SANDBOX_CONCURRENCY = \{ processor: (\d+)/),
      orderEventsSettings.consumer.batchSize,
      orderEventsSettings.queue.maxReceiveCount,
      orderEventsSettings.consumer.maxConcurrency,
      soonestVisibility,
      batches.queue.visibilityTimeoutSeconds,
    ],
    said: [
      /\(batch size (\d+), (\d+) s window, partial batch responses, (\d+) receives then the dead-letter queue, (\d+) batches at once\); the events queue's from `lib\/order-events-settings\.ts` \(batch size (\d+), no window, partial batch responses, (\d+) receives, at most (\d+) batches at once, the stack's maximum concurrency: docs\/decisions\/order-and-user-events\.md D98\); a failed message is visible again after (\d+) s instead of (\d+) s/,
    ],
  },
  {
    of: "a batch chunk's receives (lib/batch-queue-settings.ts maxReceiveCount)",
    is: [batches.queue.maxReceiveCount],
    said: [/a chunk failing (\d+) receives/, /a batch chunk failed its (\d+) deliveries/],
  },
  {
    of: "the batch dead-letter queue's visibility (lib/batch-queue-settings.ts deadLetterQueue)",
    is: [batches.deadLetterQueue.visibilityTimeoutSeconds],
    said: [/the messages come back by themselves after (\d+) s/],
  },
  {
    of: "the oldest dead letter's alarm (lib/batch-queue.ts, the age threshold)",
    is: [inSource('lib/batch-queue.ts', /threshold: (\d+ \* 60),/) / 60],
    said: [/a dead letter older than (\d+) minutes/, /a dead letter has waited over (\d+) minutes/],
  },
  {
    of: "an event's receives and their span (lib/order-events-settings.ts)",
    is: [
      events.queue.maxReceiveCount,
      ((events.queue.maxReceiveCount - 1) * events.queue.visibilityTimeoutSeconds) / 60,
    ],
    said: [/\((\d+) receives over about (\d+) minutes/],
  },
  {
    of: "a refused event's retries (lib/order-events-settings.ts; local/queues/local-sqs.ts)",
    is: [
      ((events.queue.maxReceiveCount - 1) * events.queue.visibilityTimeoutSeconds) / 60,
      events.queue.maxReceiveCount,
      events.queue.visibilityTimeoutSeconds / 60,
      soonestVisibility,
    ],
    said: [
      /the retries \((\d+) minutes in AWS\)\. SQS delivers it again, (\d+) receives in all \((\d+) minutes apart in AWS, (\d+) s in the sandbox\)/,
    ],
  },
  {
    of: "a refused event's return in the sandbox (local/queues/local-sqs.ts; lib/order-events-settings.ts)",
    is: [soonestVisibility, events.queue.visibilityTimeoutSeconds / 60],
    said: [/comes back after (\d+) s instead of (\d+) minutes/],
  },
  {
    of: "the outcome records' lifetime, the events dead-letter queue's retention (functions/events/domain/event-outcome.ts, lib/order-events-settings.ts)",
    is: [
      OUTCOME_KEEP_SECONDS / DAY === events.deadLetterQueue.retentionPeriodSeconds / DAY
        ? OUTCOME_KEEP_SECONDS / DAY
        : Number.NaN,
    ],
    said: [/they expire after (\d+) days, as long as the dead-letter queue keeps/],
  },
  {
    of: 'the dead-letters listing (cli/events/dead-letters.ts HOLD_SECONDS, WAIT_SECONDS)',
    is: [
      inSource('cli/events/dead-letters.ts', /HOLD_SECONDS = (\d+)/),
      inSource('cli/events/dead-letters.ts', /WAIT_SECONDS = (\d+)/),
    ],
    said: [
      /a visibility timeout of (\d+) s, so none is counted twice, and then makes them visible again after (\d+) s/,
    ],
  },
  {
    of: 'how long `npm run events` waits for an outcome (cli/events/wait-outcomes.ts DEFAULT_STALL_SECONDS)',
    is: [inSource('cli/events/wait-outcomes.ts', /DEFAULT_STALL_SECONDS = (\d+)/)],
    said: [/gives up after (\d+) s without a new one/],
  },
  {
    of: "the sandbox's soonest visibility (local/queues/local-sqs.ts SOONEST_VISIBILITY_SECONDS)",
    is: [soonestVisibility],
    said: [/is lost with a data directory: use (\d+) s/],
  },
  {
    of: "the sandbox's PutEvents limits (local/events/put-events.ts MAX_ENTRIES, MAX_REQUEST_BYTES)",
    is: [
      inSource('local/events/put-events.ts', /MAX_ENTRIES = (\d+)/),
      inSource('local/events/put-events.ts', /MAX_REQUEST_BYTES = ([\d_ *]+);/) / 1024,
    ],
    said: [/PutEvents' limits \((\d+) entries, (\d+) KiB a call\)/],
  },
  {
    of: 'the files of a publish, the chunks written at once, the grace before a removal (functions/contracts/publish-workflow-contract.ts)',
    is: [CHUNK_ITEMS, PUBLISH_TIMING.chunkConcurrency, PUBLISH_TIMING.graceSeconds],
    said: [
      /files of ([\d,]+) items \(.*?\), writes them \((\d+) chunks at once, resumable\), switches `CATALOGUE\/ACTIVE` with one conditional write, then removes the previous version after (\d+) s/,
    ],
  },
  {
    of: "a command's claim of the publish lock (functions/contracts/publish-workflow-contract.ts PUBLISH_TIMING.claimSeconds)",
    is: [PUBLISH_TIMING.claimSeconds],
    said: [/holds the stage for at most (\d+) s/],
  },
  {
    of: "the publish workflow's longest run (functions/contracts/publish-workflow-contract.ts PUBLISH_TIMING.lockSeconds)",
    is: [PUBLISH_TIMING.lockSeconds / 3600],
    said: [/or ran past (\d+) hours/],
  },
  {
    of: "`npm run catalogue`'s progress line (local/catalogue/publish-file.ts)",
    is: [progressSeconds, progressSeconds],
    said: [/A run longer than (\d+) s says `Still running after N s` every (\d+) s/],
  },
  {
    of: "the sandbox's workflow pauses (local/stepfunctions/executions.ts, local/reports/sandbox-reports.ts, local/catalogue/sandbox-catalogue.ts; PUBLISH_TIMING.graceSeconds)",
    is: [
      inSource('local/stepfunctions/executions.ts', /SANDBOX_RETRY_PAUSE_MS = (\d+)/),
      sandboxCallbackSeconds,
      inSource('local/catalogue/sandbox-catalogue.ts', /SANDBOX_GRACE_MS = ([\d_]+);/) / 1000,
      PUBLISH_TIMING.graceSeconds,
    ],
    said: [
      /retries pause (\d+) ms, the callback's (\d+) s, the publish's grace period (\d+) s instead of (\d+)/,
    ],
  },
  {
    of: "the sandbox's callback retries (local/reports/sandbox-reports.ts; CALLBACK_RETRY.maxRetries)",
    is: [
      sandboxCallbackSeconds,
      CALLBACK_RETRY.maxRetries,
      sandboxCallbackSeconds * CALLBACK_RETRY.maxRetries,
    ],
    said: [/the callback is retried every (\d+) s \((\d+) retries over (\d+) s/],
  },
  {
    of: "the sandbox's callback pause (local/reports/sandbox-reports.ts SANDBOX_CALLBACK_RETRY_MS)",
    is: [sandboxCallbackSeconds],
    said: [
      /the callback \(retried every (\d+) s\)/,
      /it retries every (\d+) seconds instead of the schedule/,
    ],
  },
  {
    of: "the report workflow's task timeouts (functions/contracts/report-workflow-contract.ts TASK_TIMEOUTS)",
    is: [TASK_TIMEOUTS.generate, TASK_TIMEOUTS.record, TASK_TIMEOUTS.callback],
    said: [/timeout equal to its function's \((\d+) s, (\d+) s, (\d+) s\)/],
  },
  {
    of: "prod's report generator concurrency and a throttled report's wait (stages/prod.json; GENERATE_THROTTLED_RETRY)",
    is: [generatorConcurrency, generatorWaitMinutes],
    said: [
      /the generator makes at most (\d+) PDFs at once \(its reserved concurrency, `reportGeneratorConcurrency`\), and a report beyond that waits its turn, up to about (\d+) minutes/,
    ],
  },
  {
    of: "prod's report generator concurrency (stages/prod.json reportGeneratorConcurrency)",
    is: [generatorConcurrency],
    said: [/`prod\.json` reserves (\d+)/, /\| prod (\d+), dev none \|/],
  },
  {
    of: "a function's memory and timeout by default (lib/api-function.ts)",
    is: functionDefaults,
    said: [/arm64, (\d+) MB and (\d+) s by default/],
  },
  {
    of: "the sandbox's function timeout (local/lambda/lambda-context.ts FUNCTION_TIMEOUT_MS)",
    is: [inSource('local/lambda/lambda-context.ts', /FUNCTION_TIMEOUT_MS = ([\d_]+);/) / 1000],
    said: [/a (\d+) s function timeout/],
  },
  {
    of: 'the memory of the functions that answer from the search snapshot (lib/search-functions.ts SEARCH_MEMORY_MB)',
    is: [inSource('lib/search-functions.ts', /SEARCH_MEMORY_MB = (\d+)/)],
    said: [/get ([\d,]+) MB for a whole vCPU/],
  },
  {
    of: "the stage's default throttle (lib/stage.ts DEFAULT_THROTTLE)",
    is: stageThrottle,
    said: [/\| (\d+)\/s, burst (\d+) \|/, /\| per stage, each method \| (\d+) requests\/s, burst (\d+) \|/],
  },
  {
    of: 'the throttles the shipped stage files give `POST /orders/reports` and `POST /orders/batches` (stages/*.json routeThrottles)',
    is: [...shippedThrottle('create-report'), ...shippedThrottle('create-batch')],
    said: [
      /`POST \/orders\/reports` (\d+)\/s \(burst (\d+)\) and `POST \/orders\/batches` (\d+)\/s \(burst (\d+)\)/,
      /\| (\d+)\/s \(burst (\d+)\); (\d+)\/s \(burst (\d+)\) \|/,
      /`POST\s?\/orders\/reports` (\d+) requests\/s \(burst (\d+)\) and `POST \/orders\/batches` (\d+)\/s \(burst (\d+)\)/,
    ],
  },
  {
    of: "the WAF's rate rule (lib/api/web-acl.ts REQUESTS_PER_IP_PER_5_MIN)",
    is: [inSource('lib/api/web-acl.ts', /REQUESTS_PER_IP_PER_5_MIN = (\d+)/), 5],
    said: [/([\d,]+) requests in (\d+) minutes/],
  },
  {
    of: 'the 5xx alarm (lib/operations/settings.ts ALARM_SETTINGS.api5xxRate)',
    is: fiveXx,
    said: [/more than (\d+) % of requests got a 5xx in (\d+) of the last (\d+) minutes/],
  },
  {
    of: 'the functions per composite alarm group (lib/operations/settings.ts MAX_METRICS_PER_ALARM)',
    is: [inSource('lib/operations/settings.ts', /MAX_METRICS_PER_ALARM = (\d+)/)],
    said: [/groups of ≤ (\d+) functions/],
  },
  {
    of: 'how long the smoke waits out 503s (cli/smoke/api-client.ts UNAVAILABLE_WAIT_MS)',
    is: [inSource('cli/smoke/api-client.ts', /UNAVAILABLE_WAIT_MS = ([\d_ *]+);/) / 60_000],
    said: [/waits out those 503s \(up to (\d+) minutes\)/],
  },
  {
    of: "the diff the workflow's summary keeps (.github/workflows/deploy.yml `head -c`)",
    is: [inSource('.github/workflows/deploy.yml', /head -c (\d+) /) / 1000],
    said: [/The summary keeps the first (\d+) KB of the diff/],
  },
  {
    of: "the seed's orders and how often their progress is said (local/seed/order-seed.ts ORDER_COUNT, local/seed/seed-progress.ts COUNT_EVERY_MS)",
    is: [
      inSource('local/seed/order-seed.ts', /ORDER_COUNT = (\d+)/),
      inSource('local/seed/seed-progress.ts', /COUNT_EVERY_MS = ([\d_]+);/) / 1000,
    ],
    said: [/how many of the ([\d,]+) seed orders are applied every (\d+) s/],
  },
  {
    of: "each jest project's test timeout (jest.config.js testTimeout)",
    is: ['unit', 'infra', 'e2e', 'e2e-slow'].map(
      (name) =>
        inSource('jest.config.js', new RegExp(`displayName: '${name}',[\\s\\S]*?testTimeout: ([\\d_]+),`)) /
        1000,
    ),
    said: [/\(unit (\d+) s, infra (\d+) s, e2e (\d+) s, e2e-slow (\d+) s\)/],
  },
  {
    of: "a Cognito access token's lifetime (lib/identity.ts accessTokenValidity)",
    is: [inSource('lib/identity.ts', /accessTokenValidity: Duration\.hours\((\d+)\)/)],
    said: [/when the current access token expires \((\d+) hour\)/],
  },
  {
    of: "Cognito's password rules (lib/identity.ts minLength, passwordHistorySize)",
    is: [
      inSource('lib/identity.ts', /minLength: (\d+)/),
      inSource('lib/identity.ts', /passwordHistorySize: (\d+)/),
    ],
    said: [
      /Passwords need at least (\d+) characters with upper case, lower case, digits and symbols, and must differ from the last (\d+)/,
    ],
  },
  {
    of: "the reading path's bound (test/unit/repository/reading-path.test.ts READING_PATH_LINES)",
    is: [inSource('test/unit/repository/reading-path.test.ts', /READING_PATH_LINES = (\d+)/)],
    said: [/each counted once up to the next heading, stay within (\d+) lines/],
  },
];
