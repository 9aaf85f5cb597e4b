import { randomBytes } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LockHolder, PublishRecord } from '#functions/contracts/catalogue-publish-steps';
import {
  busyMessage,
  claimExpiry,
  claimLock,
  releaseLock,
  renewClaim,
  takeLock,
  what,
} from '#functions/contracts/catalogue-publish-steps';
import { publishRecordKey } from '#functions/contracts/keys/catalogue-keys';
import { uploadKey, VERSION_PREFIX } from '#functions/contracts/keys/import-object-keys';
import {
  newPublishId,
  PUBLISH_ERRORS,
  PUBLISH_TIMING,
  type PublishKind,
  type PublishRequest,
  type RemovalRequest,
  UPGRADE_START,
  upgradeId,
} from '#functions/contracts/publish-workflow-contract';
import type { CatalogueTarget } from './catalogue-target';

export interface PublishOutcome {
  readonly publishId: string;
  /** None when the run was refused before its workflow started (another run holds the lock). */
  readonly executionArn?: string;
  /**
   * SUCCEEDED (the new version is active, or the stock applied), FAILED or REFUSED as the publish
   * record says; or the execution's status (TIMED_OUT, ABORTED) when it ended without one.
   */
  readonly status: string;
  /** What the workflow recorded: counts, or the first errors with their line numbers. */
  readonly record?: PublishRecord;
  readonly ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads a catalogue or stock file to the stage's import bucket, starts the publish workflow on
 * it and waits for its end (docs/catalogue.md), under the publish lock this command claims before
 * anything else (docs/decisions/catalogue-versions.md D79). `progress` hears a line now and then.
 */
export async function publishFile(
  target: CatalogueTarget,
  kind: 'catalogue' | 'stock',
  text: string,
  progress: (line: string) => void = () => {},
  pollMs = 250,
): Promise<PublishOutcome> {
  const started = performance.now();
  const publishId = newPublishId(new Date(), randomBytes(3).toString('hex'));
  const request: PublishRequest = { publishId, kind, key: uploadKey(publishId) };
  return runClaimed(target, request, started, progress, pollMs, async () => {
    // A Buffer, so the request states its length even when the file is empty: the SDK warns of a
    // "stream of unknown length" for an empty string body.
    const body = Buffer.from(text, 'utf8');
    await target.s3.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: request.key,
        Body: body,
        ContentLength: body.length,
        ContentType: 'application/x-ndjson',
      }),
    );
    progress(`Uploaded ${body.length} bytes to s3://${target.bucket}/${request.key}`);
  });
}

/**
 * Starts the upgrade of the active version to this code's layout (docs/decisions/catalogue-versions.md D73), as a
 * deploy does, and waits for its outcome: an operator's way to run it again after it failed. It
 * claims no lock: an upgrade waits for a run that holds it, as the deploy's does.
 */
export async function upgradeCatalogue(
  target: CatalogueTarget,
  progress: (line: string) => void = () => {},
  pollMs = 250,
): Promise<PublishOutcome> {
  const name = `upgrade-${newPublishId(new Date(), randomBytes(3).toString('hex'))}`;
  // The upgrade names itself after its execution's name and start (upgradeId).
  const publishId = (startDate: Date) => upgradeId({ execution: name, startedAt: startDate.toISOString() });
  return runWorkflow(
    target,
    { name, kind: 'upgrade', input: UPGRADE_START, publishId },
    performance.now(),
    progress,
    pollMs,
  );
}

/**
 * Removes a version a failed removal left behind, under the publish lock (docs/decisions/catalogue-versions.md D73),
 * claimed by this command first; the workflow never removes the active one.
 */
export async function removeCatalogueVersion(
  target: CatalogueTarget,
  version: string,
  progress: (line: string) => void = () => {},
  pollMs = 250,
): Promise<PublishOutcome> {
  const publishId = newPublishId(new Date(), randomBytes(3).toString('hex'));
  const request: RemovalRequest = { publishId, kind: 'remove', key: VERSION_PREFIX, version };
  return runClaimed(target, request, performance.now(), progress, pollMs, async () => {});
}

/**
 * A run refused before it started, because another holds the lock: what the operator is told, as
 * a record (none is stored: nothing ran).
 */
const refusedOutcome = (
  request: PublishRequest,
  started: number,
  why: { holder: LockHolder } | { message: string },
): PublishOutcome => {
  const at = new Date().toISOString();
  return {
    publishId: request.publishId,
    status: 'REFUSED',
    record: {
      publishId: request.publishId,
      kind: request.kind,
      status: 'REFUSED',
      startedAt: at,
      finishedAt: at,
      error: PUBLISH_ERRORS.busy,
      message: 'holder' in why ? busyMessage(why.holder, request.kind) : why.message,
    },
    ms: Math.round(performance.now() - started),
  };
};

/**
 * A publish, stock update or removal from the command's start (docs/decisions/catalogue-versions.md D79): claims the
 * stage's publish lock for its publish id, or is refused at once naming the run that holds it;
 * keeps the claim alive while it `prepare`s (the upload) and until its workflow, started under
 * the same publish id, takes the lock over. A claim lost meanwhile (the command was stopped
 * longer than the claim lasts, and another run took the lock) starts nothing.
 */
async function runClaimed(
  target: CatalogueTarget,
  request: PublishRequest,
  started: number,
  progress: (line: string) => void,
  pollMs: number,
  prepare: () => Promise<void>,
): Promise<PublishOutcome> {
  const { publishId, kind } = request;
  const holder = await takeLock(target, claimLock(publishId, kind, new Date()));
  if (holder) return refusedOutcome(request, started, { holder });
  let lost = false;
  let renewing = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewClaim(target, publishId, claimExpiry(new Date())).then(
      (held) => {
        // No longer a claim: the workflow took it over (the renewals are done), or another run took it.
        if (!held) {
          lost = true;
          clearInterval(timer);
        }
      },
      // A renewal that failed is tried again at the next tick; the claim lasts four of them.
      () => {},
    );
  }, PUBLISH_TIMING.claimRenewSeconds * 1000);
  try {
    await prepare();
    await renewing;
    if (lost) {
      return refusedOutcome(request, started, {
        message:
          `The publish lock was taken by another run while this ${what(kind)} was being prepared ` +
          `(its claim was not renewed for ${PUBLISH_TIMING.claimSeconds} s); it was not started. ` +
          'Run it again (npm run catalogue -- status shows the runs).',
      });
    }
    return await runWorkflow(
      target,
      { name: publishId, kind, input: request, publishId: () => publishId },
      started,
      progress,
      pollMs,
    );
  } catch (error) {
    // A claim its workflow has not taken over (nothing started, or the start's answer was lost) is released.
    await releaseLock(target, publishId, { claimOnly: true }).catch(() => {});
    throw error;
  } finally {
    clearInterval(timer);
  }
}

interface WorkflowStart {
  /** The execution's name. */
  readonly name: string;
  readonly kind: PublishKind;
  readonly input: object;
  /** The run's publish id, which its record is kept under, from the execution's start. */
  readonly publishId: (startDate: Date) => string;
}

/**
 * Starts the publish workflow and waits for the run's record to say how it ended: the previous
 * version's removal, a minute later, goes on in the workflow without the caller waiting for it.
 */
async function runWorkflow(
  target: CatalogueTarget,
  start: WorkflowStart,
  started: number,
  progress: (line: string) => void,
  pollMs: number,
): Promise<PublishOutcome> {
  const { executionArn, startDate } = await target.sfn.send(
    new StartExecutionCommand({
      stateMachineArn: target.stateMachineArn,
      name: start.name,
      input: JSON.stringify(start.input),
    }),
  );
  const publishId = start.publishId(startDate ?? new Date());
  // Said once the workflow has the lock (its record is written then), never for a run it refused.
  let said = false;
  const sayStarted = (seen?: PublishRecord) => {
    if (said || !seen || seen.status === 'REFUSED') return;
    said = true;
    progress(`Started ${what(start.kind)} ${publishId}`);
  };
  const readRecord = async () =>
    (
      await target.doc.send(
        new GetCommand({
          TableName: target.tableName,
          Key: publishRecordKey(publishId),
          ConsistentRead: true,
        }),
      )
    ).Item as PublishRecord | undefined;
  let status = 'RUNNING';
  let record: PublishRecord | undefined;
  let lastSaid = performance.now();
  while (status === 'RUNNING') {
    await sleep(pollMs);
    ({ status = 'RUNNING' } = await target.sfn.send(new DescribeExecutionCommand({ executionArn })));
    record = await readRecord();
    sayStarted(record);
    if (record && record.status !== 'RUNNING') break;
    if (performance.now() - lastSaid > 5_000) {
      progress(
        `Still running after ${Math.round((performance.now() - started) / 1000)} s` +
          (record?.message ? `: ${record.message}` : ''),
      );
      lastSaid = performance.now();
    }
  }
  record ??= await readRecord();
  sayStarted(record);
  const outcome = record && record.status !== 'RUNNING' ? record.status : status;
  return {
    publishId,
    ...(executionArn ? { executionArn } : {}),
    status: outcome,
    ...(record ? { record } : {}),
    ms: Math.round(performance.now() - started),
  };
}
