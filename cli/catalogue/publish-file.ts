import { randomBytes } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { uploadKey, VERSION_PREFIX } from '../../functions/catalogue/adapters/import-object-keys';
import {
  newPublishId,
  type PublishRequest,
  type RemovalRequest,
  UPGRADE_START,
  upgradeId,
} from '../../functions/catalogue/domain/catalogue-publishing';
import type { PublishRecord } from '../../functions/catalogue/services/publish-ports';
import { publishRecordKey } from '../../functions/catalogue/store/catalogue-keys';
import type { CatalogueTarget } from './stage-target';

export interface PublishOutcome {
  readonly publishId: string;
  readonly executionArn: string;
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
 * it and waits for its end (docs/catalogue.md). `progress` hears a line now and then.
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
  await target.s3.send(
    new PutObjectCommand({
      Bucket: target.bucket,
      Key: request.key,
      Body: text,
      ContentType: 'application/x-ndjson',
    }),
  );
  progress(`Uploaded ${Buffer.byteLength(text)} bytes to s3://${target.bucket}/${request.key}`);
  return runWorkflow(
    target,
    { name: publishId, input: request, publishId: () => publishId },
    started,
    progress,
    pollMs,
  );
}

/**
 * Starts the upgrade of the active version to this code's layout (docs/design.md D73), as a
 * deploy does, and waits for its outcome: an operator's way to run it again after it failed.
 */
export async function upgradeCatalogue(
  target: CatalogueTarget,
  progress: (line: string) => void = () => {},
  pollMs = 250,
): Promise<PublishOutcome> {
  const name = `upgrade-${newPublishId(new Date(), randomBytes(3).toString('hex'))}`;
  // The upgrade names itself after its execution's name and start (upgradeId).
  const publishId = (startDate: Date) => upgradeId({ execution: name, startedAt: startDate.toISOString() });
  return runWorkflow(target, { name, input: UPGRADE_START, publishId }, performance.now(), progress, pollMs);
}

/**
 * Removes a version a failed removal left behind, under the publish lock (docs/design.md D73);
 * the workflow never removes the active one.
 */
export async function removeCatalogueVersion(
  target: CatalogueTarget,
  version: string,
  progress: (line: string) => void = () => {},
  pollMs = 250,
): Promise<PublishOutcome> {
  const publishId = newPublishId(new Date(), randomBytes(3).toString('hex'));
  const request: RemovalRequest = { publishId, kind: 'remove', key: VERSION_PREFIX, version };
  return runWorkflow(
    target,
    { name: publishId, input: request, publishId: () => publishId },
    performance.now(),
    progress,
    pollMs,
  );
}

interface WorkflowStart {
  /** The execution's name. */
  readonly name: string;
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
  progress(`Started ${start.name}`);
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
  const outcome = record && record.status !== 'RUNNING' ? record.status : status;
  return {
    publishId,
    executionArn: executionArn!,
    status: outcome,
    ...(record ? { record } : {}),
    ms: Math.round(performance.now() - started),
  };
}
