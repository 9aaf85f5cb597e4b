/**
 * The figures of what a client meets (requests, tokens, batches, reports, callbacks, caches), each
 * with the code that sets it and the sentences of the docs that state it (doc-figures.test.ts).
 * A sentence is written as the joined page reads: lines joined by one space, markdown kept.
 */

import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE } from '#commons/http/paging';
import { CHUNK_SIZE as BATCH_CHUNK_ITEMS, MAX_BATCH_ITEMS } from '#functions/batches/domain/batch';
import { UPGRADE_RETRY_AFTER_SECONDS } from '#functions/catalogue/domain/catalogue-layout';
import { BLOCK_SIZE, KEPT_FILTERS } from '#functions/catalogue/domain/id-order-blocks';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import {
  BATCH_LIMITS,
  REPORT_LIMITS,
  STATUS_POLLS,
  STATUS_ROUTE_THROTTLE,
} from '#functions/contracts/caller-limits';
import { CALLBACK_RETRY } from '#functions/contracts/report-workflow-contract';
import { CLOCK_SKEW_SECONDS, MAX_TOKEN_LIFETIME_SECONDS } from '#functions/identity/domain/token-rules';
import { MAX_RESPONSE_BYTES } from '#functions/reports/adapters/webhook-sender';
import { MAX_CALLBACK_URL_LENGTH } from '#functions/reports/domain/callback-url-length';
import {
  MAX_REPORT_DAYS,
  MAX_REPORT_ORDERS,
  POLL_AFTER_SECONDS,
  REPORT_RETENTION_DAYS,
} from '#functions/reports/domain/report-job';
import { MAX_WEBHOOK_SECRETS } from '#functions/webhooks/domain/webhook-secret';
import { type CodeFigure, inSource } from './doc-figure';

const MiB = 1024 * 1024;
const inlinePdfMiB =
  inSource('functions/reports/handlers/get-report.ts', /INLINE_REPORT_MAX_BYTES = ([\d_ *]+);/) / MiB;
const downloadUrlMinutes =
  inSource('functions/reports/store/s3-report-reader.ts', /DOWNLOAD_URL_SECONDS = (\d+)/) / 60;
const authorizerCacheMinutes = inSource(
  'lib/api/authorizers.ts',
  /AUTHORIZER_CACHE_TTL = Duration\.minutes\((\d+)\)/,
);
const stageKeyCacheMinutes =
  inSource('functions/webhooks/adapters/stage-key.ts', /KEY_CACHE_SECONDS = (\d+)/) / 60;
const callbackDeadlineSeconds =
  inSource('functions/reports/adapters/webhook-sender.ts', /timeoutMs = (\d+)/) / 1000;

/** The callback's attempts and how long they take: the first at once, then each retry's interval, doubling. */
const callbackDelays = Array.from(
  { length: CALLBACK_RETRY.maxRetries },
  (_, i) => (CALLBACK_RETRY.intervalSeconds * CALLBACK_RETRY.backoffRate ** i) / 60,
);
const callbackMinutes = callbackDelays.reduce((sum, delay) => sum + delay, 0);
const callbackSpan = [Math.floor(callbackMinutes / 60), callbackMinutes % 60];
const callbackAttempts = CALLBACK_RETRY.maxRetries + 1;
/** A row of docs/webhooks.md's schedule: attempt n, its delay, and the time since the first (hours, minutes). */
const scheduleRow = ([n]: readonly number[]) => {
  const since = callbackDelays.slice(0, n! - 1).reduce((sum, delay) => sum + delay, 0);
  return [n!, callbackDelays[n! - 2]!, Math.floor(since / 60), since % 60];
};

export const apiFigures: readonly CodeFigure[] = [
  {
    of: 'how long a catalogue read may be cached (functions/commons/http/http-route.ts CACHE_POLICIES.public)',
    is: [inSource('functions/commons/http/http-route.ts', /public: 'public, max-age=(\d+)'/)],
    said: [/`public, max-age=(\d+)`/],
  },
  {
    of: 'the paging bounds (functions/commons/http/paging.ts MAX_PAGE, MAX_LIMIT, DEFAULT_LIMIT)',
    is: [MAX_PAGE, MAX_LIMIT, DEFAULT_LIMIT],
    said: [
      /`page` from 1, default 1, at most ([\d,]+); `limit` from 1 to (\d+), default (\d+)/,
      /\| 1–([\d,]+), 1–(\d+) \(default 1, (\d+)\)/,
    ],
  },
  {
    of: 'the largest batch (functions/batches/domain/batch.ts MAX_BATCH_ITEMS)',
    is: [MAX_BATCH_ITEMS],
    said: [
      /\(at most ([\d,]+) items/,
      /1 to ([\d,]+) items; each exactly/,
      /A batch of ([\d,]+) items usually completes/,
      /posting up to ([\d,]+) items at a time/,
      /\| 1–([\d,]+), each order once/,
    ],
  },
  {
    of: 'the items of one batch message (functions/batches/domain/batch.ts CHUNK_SIZE)',
    is: [BATCH_CHUNK_ITEMS],
    said: [/chunks? of (\d+)(?: items)? on SQS/, /one message per chunk of (\d+) items/],
  },
  {
    of: "a caller's batch pacing (functions/contracts/caller-limits.ts BATCH_LIMITS)",
    is: [BATCH_LIMITS.unpacedItems, BATCH_LIMITS.itemsPerSecond],
    said: [
      /up to ([\d,]+) waiting items go at once, beyond that (\d+) a second/,
      /\(beyond ([\d,]+) waiting, (\d+) a second\)/,
      /beyond the first ([\d,]+), queued at (\d+) a second/,
      /while fewer than ([\d,]+) of the caller's items are waiting a chunk is queued for at once, beyond that its message is delayed \(SQS `DelaySeconds`\) to its slot at (\d+) items a second/,
    ],
  },
  {
    of: "a caller's items waiting at most (functions/contracts/caller-limits.ts BATCH_LIMITS.itemsInProgress)",
    is: [BATCH_LIMITS.itemsInProgress],
    said: [
      /At most ([\d,]+) of (?:your|a caller's) items may (?:be )?wait/,
      /at most ([\d,]+) may wait/,
      /\| per caller \| ([\d,]+); beyond the first/,
    ],
  },
  {
    of: 'the report period and size (functions/reports/domain/report-job.ts MAX_REPORT_DAYS, MAX_REPORT_ORDERS)',
    is: [MAX_REPORT_DAYS, MAX_REPORT_ORDERS],
    said: [
      /at most (\d+) days, both ends included \(UTC days\)\. A customer's report lists their own orders; an administrator's, every customer's\. At most ([\d,]+) orders/,
      /\| (\d+) days; ([\d,]+) \|/,
    ],
  },
  {
    of: 'the longest report period (functions/reports/domain/report-job.ts MAX_REPORT_DAYS)',
    is: [MAX_REPORT_DAYS],
    said: [/checks the period \(≤ (\d+) days\)/],
  },
  {
    of: 'the most orders of a report (functions/reports/domain/report-job.ts MAX_REPORT_ORDERS)',
    is: [MAX_REPORT_ORDERS],
    said: [
      /\(more than ([\d,]+) orders: ask for a shorter period\)/,
      /reads at most ([\d,]+) orders/,
      /`report_too_large` above ([\d,]+) orders/,
    ],
  },
  {
    of: "the report's first poll (functions/reports/domain/report-job.ts POLL_AFTER_SECONDS)",
    is: [POLL_AFTER_SECONDS],
    said: [
      /`Retry-After: (\d+)`\.\s/,
      /and `Retry-After: (\d+)`/,
      /waits `Retry-After` between calls \((\d+) s\)/,
    ],
  },
  {
    of: "the status route's per-caller bucket (functions/contracts/caller-limits.ts STATUS_POLLS)",
    is: [STATUS_POLLS.capacity, STATUS_POLLS.capacity / STATUS_POLLS.refillSeconds],
    said: [/(\d+) at once, then (\d+) a second/],
  },
  {
    of: "the status route's per-caller burst (functions/contracts/caller-limits.ts STATUS_POLLS)",
    is: [STATUS_POLLS.capacity],
    said: [/call (?:it|the status endpoint) (\d+) times at once, then once a second/],
  },
  {
    of: "the status route's throttle (functions/contracts/caller-limits.ts STATUS_ROUTE_THROTTLE)",
    is: [STATUS_ROUTE_THROTTLE.rateLimit, STATUS_ROUTE_THROTTLE.burstLimit],
    said: [
      /\((\d+) requests\/s, burst ([\d,]+)\), far above/,
      /legitimate polling \((\d+) requests\/s, burst ([\d,]+)\)/,
      /status route throttle \| per stage, all callers \| (\d+) requests\/s, burst ([\d,]+)/,
      /the status route's (\d+)\/s, burst ([\d,]+)/,
    ],
  },
  {
    of: "a caller's report limits (functions/contracts/caller-limits.ts REPORT_LIMITS)",
    is: [
      REPORT_LIMITS.inProgress,
      REPORT_LIMITS.perHour.capacity,
      REPORT_LIMITS.perHour.capacity,
      REPORT_LIMITS.perHour.refillSeconds / REPORT_LIMITS.perHour.capacity / 60,
    ],
    said: [
      /may have (\d+) reports in progress, and (\d+) requests accepted an hour \((\d+) at once, then one more every (\d+) minutes\)/,
    ],
  },
  {
    of: "a caller's reports in progress (functions/contracts/caller-limits.ts REPORT_LIMITS.inProgress)",
    is: [REPORT_LIMITS.inProgress],
    said: [
      /while all (\d+) places are/,
      /reports in progress \(`POST \/orders\/reports`\) \| per caller \| (\d+) \|/,
    ],
  },
  {
    of: "a caller's reports an hour (functions/contracts/caller-limits.ts REPORT_LIMITS.perHour)",
    is: [
      REPORT_LIMITS.perHour.capacity,
      REPORT_LIMITS.perHour.capacity,
      REPORT_LIMITS.perHour.refillSeconds / REPORT_LIMITS.perHour.capacity / 60,
    ],
    said: [/(\d+) an hour \((\d+) at once, then 1 every (\d+) minutes\)/],
  },
  {
    of: "a caller's report limits, in short (functions/contracts/caller-limits.ts REPORT_LIMITS)",
    is: [REPORT_LIMITS.inProgress, REPORT_LIMITS.perHour.capacity],
    said: [/caller's limits \((\d+) in progress, (\d+) an hour\)/],
  },
  {
    of: 'the inline PDF, its download URL and how long a PDF is kept (get-report.ts, s3-report-reader.ts, report-job.ts REPORT_RETENTION_DAYS)',
    is: [inlinePdfMiB, downloadUrlMinutes, REPORT_RETENTION_DAYS],
    said: [
      /above (\d+) MiB, a `302` to a pre-signed download URL valid (\d+) minutes \(follow it without your token\)\. A PDF is kept (\d+) days/,
      /\| (\d+) MiB; (\d+) minutes; (\d+) days \|/,
      /PDF above (\d+) MiB a `302` to a pre-signed S3 URL valid (\d+) minutes \(follow it without sending your token there; `fetch` and `curl -L` do that by themselves across hosts\)\. The PDF is kept (\d+) days/,
    ],
  },
  {
    of: 'the largest PDF answered inline (functions/reports/handlers/get-report.ts INLINE_REPORT_MAX_BYTES)',
    is: [inlinePdfMiB],
    said: [/inline up to (\d+) MiB/],
  },
  {
    of: 'how long a PDF is kept (functions/reports/domain/report-job.ts REPORT_RETENTION_DAYS)',
    is: [REPORT_RETENTION_DAYS],
    said: [/\((\d+)-day lifecycle/, /PDFs expire (\d+) days after/, /downloadable for (\d+) days/],
  },
  {
    of: `the callback's ${callbackAttempts} attempts (functions/contracts/report-workflow-contract.ts CALLBACK_RETRY)`,
    is: [callbackAttempts, ...callbackSpan],
    said: [/(\d+) attempts over (\d+) h (\d+) min/],
  },
  {
    of: "the callback's retries (functions/contracts/report-workflow-contract.ts CALLBACK_RETRY)",
    is: callbackSpan,
    said: [/retried over (\d+) h (\d+) min/, /retries for (\d+) h (\d+) min when not delivered/],
  },
  {
    of: "a row of the callback's schedule (functions/contracts/report-workflow-contract.ts CALLBACK_RETRY)",
    is: scheduleRow,
    said: [/\| (\d) \| (\d+) min \| (?:(\d+) h )?(\d+) min \|/],
  },
  {
    of: "the callback's deadline and the answer read (functions/reports/adapters/webhook-sender.ts)",
    is: [callbackDeadlineSeconds, MAX_RESPONSE_BYTES / 1024],
    said: [
      /a (\d+) s deadline and at most (\d+) KiB of the answer read/,
      /no answer in (\d+) s\. The service reads at most (\d+) KiB of your answer/,
    ],
  },
  {
    of: "the partner's time to answer (functions/reports/adapters/webhook-sender.ts timeoutMs)",
    is: [callbackDeadlineSeconds],
    said: [/Answer `2xx` within (\d+) seconds/],
  },
  {
    of: 'the longest callback URL (functions/reports/domain/callback-url-length.ts MAX_CALLBACK_URL_LENGTH)',
    is: [MAX_CALLBACK_URL_LENGTH],
    said: [/`https`, at most ([\d,]+) characters/],
  },
  {
    of: "a caller's webhook secrets (functions/webhooks/domain/webhook-secret.ts MAX_WEBHOOK_SECRETS)",
    is: [MAX_WEBHOOK_SECRETS],
    said: [
      /when the caller has (\d+) already/,
      /At most (\d+) at a time: a third is a 409/,
      /\| (\d+) at a time \(a third is a 409/,
    ],
  },
  {
    of: "a token's clock skew and lifetime (functions/identity/domain/token-rules.ts)",
    is: [CLOCK_SKEW_SECONDS, MAX_TOKEN_LIFETIME_SECONDS / 3600],
    said: [
      /issued more than (\d+) s ahead, one that lives more than (\d+) hours/,
      /`iat` at most (\d+) s ahead, `exp - iat` at most (\d+) hours/,
      /no more than (\d+) seconds ahead of the service's clock; it may live at most (\d+) hours/,
    ],
  },
  {
    of: "a token's longest life (functions/identity/domain/token-rules.ts MAX_TOKEN_LIFETIME_SECONDS)",
    is: [MAX_TOKEN_LIFETIME_SECONDS / 3600],
    said: [/`iat` required, at most (\d+) h,/],
  },
  {
    of: "the TOKEN authorizer's cache (lib/api/authorizers.ts AUTHORIZER_CACHE_TTL)",
    is: [authorizerCacheMinutes],
    said: [
      /its answer cached (\d+) minutes per token/,
      /the authorizer's answer, (\d+) minutes per token/,
      /caches the authorizer's answer per token for (\d+) minutes/,
      /TOKEN authorizer \((\d+)-minute cache per token/,
    ],
  },
  {
    of: "the readers' cache of the active catalogue version (functions/catalogue/store/active-version.ts ACTIVE_VERSION_CACHE_MS)",
    is: [ACTIVE_VERSION_CACHE_MS / 1000],
    said: [
      /the active catalogue version, (\d+) s,/,
      /cache it (\d+) s, so an answer comes from one version/,
      /checked again at most every (\d+) s \(only if changed\)/,
    ],
  },
  {
    of: 'the listing blocks and the filters whose counts are kept (functions/catalogue/domain/id-order-blocks.ts)',
    is: [BLOCK_SIZE],
    said: [/block of ([\d,]+) products where it begins/, /once per block of ([\d,]+) products/],
  },
  {
    of: 'the filters whose block counts are kept (functions/catalogue/domain/id-order-blocks.ts KEPT_FILTERS)',
    is: [KEPT_FILTERS],
    said: [/the last (\d+) filters a listing used/, /the counts of (\d+) filters are kept/],
  },
  {
    of: 'the webhook stage key cache (functions/webhooks/adapters/stage-key.ts KEY_CACHE_SECONDS)',
    is: [stageKeyCacheMinutes],
    said: [/the webhook stage key, (\d+) minutes/],
  },
  {
    of: "a 503's Retry-After during a catalogue upgrade (functions/catalogue/domain/catalogue-layout.ts UPGRADE_RETRY_AFTER_SECONDS)",
    is: [UPGRADE_RETRY_AFTER_SECONDS],
    said: [/answers 503 with `Retry-After: (\d+)`/, /wait `Retry-After` seconds \((\d+)\)/],
  },
  {
    of: 'the largest request body of the sandbox (local/gateway/gateway-listener.ts MAX_BODY_BYTES)',
    is: [inSource('local/gateway/gateway-listener.ts', /MAX_BODY_BYTES = ([\d_ *]+);/) / MiB],
    said: [
      /(\d+) MiB in the sandbox/,
      /10 MB \(API Gateway\), (\d+) MiB \(sandbox\)/,
      /bodies up to (\d+) MiB/,
    ],
  },
  {
    of: "the sandbox's request line and headers (local/http-front.ts MAX_HEADER_BYTES)",
    is: [inSource('local/http-front.ts', /MAX_HEADER_BYTES = ([\d_ *]+);/) / 1024],
    said: [/request line and headers over (\d+) KiB/, /headers up to (\d+) KiB \(431 beyond\)/],
  },
];
