/**
 * The command's side of the publish lock (docs/decisions/catalogue-versions.md D79), on mocked clients: it claims the
 * lock before anything else, is refused at once without uploading or starting anything, releases
 * its claim when its upload fails, and uploads an empty file with its length (no SDK warning).
 */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { PUBLISH_RECORD_PREFIX, publishLockKey } from '#functions/contracts/keys/catalogue-keys';
import type { CatalogueTarget } from '#local/catalogue/catalogue-target';
import { publishFile, removeCatalogueVersion } from '#local/catalogue/publish-file';

const doc = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const sfn = mockClient(SFNClient);

const target: CatalogueTarget = {
  stage: 'dev',
  doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })),
  tableName: 'commerce-api-dev',
  s3: new S3Client({ region: 'eu-west-1' }),
  bucket: 'imports',
  sfn: new SFNClient({ region: 'eu-west-1' }),
  stateMachineArn: 'arn:aws:states:eu-west-1:1:stateMachine:publish',
  close() {},
};

const busy = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const HOLDER = { publishId: 'first', kind: 'catalogue', since: '2026-11-26T07:37:45.520Z' };

beforeEach(() => {
  doc.reset();
  s3.reset();
  sfn.reset();
});

describe('a command and the publish lock', () => {
  it('claims the lock for its publish id before it uploads, and its outcome is the workflow’s record', async () => {
    doc.on(PutCommand).resolves({});
    doc
      .on(GetCommand)
      .callsFake((input) =>
        input.Key.sk.startsWith(PUBLISH_RECORD_PREFIX)
          ? { Item: { publishId: 'x', kind: 'catalogue', status: 'SUCCEEDED', startedAt: 'a', counts: {} } }
          : {},
      );
    s3.on(PutObjectCommand).resolves({});
    sfn.on(StartExecutionCommand).resolves({ executionArn: 'arn:execution', startDate: new Date() });
    sfn.on(DescribeExecutionCommand).resolves({ status: 'SUCCEEDED' });
    const lines: string[] = [];
    const outcome = await publishFile(target, 'catalogue', '{}\n', (line) => lines.push(line), 1);
    const claim = doc.commandCalls(PutCommand)[0]!.args[0].input;
    expect(claim).toMatchObject({
      Item: { ...publishLockKey, publishId: outcome.publishId, kind: 'catalogue', claimed: true },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now OR publishId = :id',
    });
    expect(claim.Item!.expiresAt - Math.floor(Date.parse(claim.Item!.since) / 1000)).toBe(60);
    expect(JSON.parse(sfn.commandCalls(StartExecutionCommand)[0]!.args[0].input.input!)).toMatchObject({
      publishId: outcome.publishId,
    });
    expect(outcome.status).toBe('SUCCEEDED');
    expect(lines).toEqual([
      expect.stringMatching(/^Uploaded 3 bytes to s3:\/\/imports\/uploads\//),
      `Started publish ${outcome.publishId}`,
    ]);
  });

  it('is refused at once while another holds it: nothing uploaded, nothing started, the holder named', async () => {
    doc.on(PutCommand).rejects(busy());
    doc.on(GetCommand).resolves({ Item: { ...publishLockKey, ...HOLDER } });
    const lines: string[] = [];
    const outcome = await publishFile(target, 'stock', '{}\n', (line) => lines.push(line));
    expect(outcome).toMatchObject({
      status: 'REFUSED',
      record: {
        message:
          'Another publish (first) has been running since 2026-11-26T07:37:45.520Z; this stock update was not ' +
          'started. Try again when it has finished (npm run catalogue -- status).',
      },
    });
    expect(outcome.executionArn).toBeUndefined();
    expect(lines).toEqual([]);
    expect(s3.commandCalls(PutObjectCommand)).toEqual([]);
    expect(sfn.commandCalls(StartExecutionCommand)).toEqual([]);
    const removal = await removeCatalogueVersion(target, 'v1');
    expect(removal.record?.message).toContain('this removal was not started');
    expect(sfn.commandCalls(StartExecutionCommand)).toEqual([]);
  });

  it('releases its claim, and only its claim, when its upload fails', async () => {
    doc.on(PutCommand).resolves({});
    doc.on(DeleteCommand).resolves({});
    s3.on(PutObjectCommand).rejects(new Error('Access Denied'));
    await expect(publishFile(target, 'catalogue', '{}\n')).rejects.toThrow('Access Denied');
    const release = doc.commandCalls(DeleteCommand)[0]!.args[0].input;
    expect(release).toMatchObject({
      Key: publishLockKey,
      ConditionExpression: 'publishId = :id AND claimed = :claimed',
    });
    expect(sfn.commandCalls(StartExecutionCommand)).toEqual([]);
    expect(doc.commandCalls(UpdateCommand)).toEqual([]);
  });

  it('renews its claim while it uploads, and starts nothing when another run took it meanwhile', async () => {
    jest.useFakeTimers({ doNotFake: ['performance', 'nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      doc.on(PutCommand).resolves({});
      doc.on(UpdateCommand).resolvesOnce({}).rejects(busy());
      let uploaded = () => {};
      s3.on(PutObjectCommand).callsFake(
        () => new Promise<object>((resolve) => (uploaded = () => resolve({}))),
      );
      const lines: string[] = [];
      const outcome = publishFile(target, 'catalogue', '{}\n', (line) => lines.push(line));
      await jest.advanceTimersByTimeAsync(15_000);
      expect(doc.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
        Key: publishLockKey,
        ConditionExpression: 'publishId = :id AND claimed = :claimed',
      });
      await jest.advanceTimersByTimeAsync(15_000);
      uploaded();
      expect(await outcome).toMatchObject({
        status: 'REFUSED',
        record: { message: expect.stringContaining('was taken by another run while this publish') },
      });
      expect(sfn.commandCalls(StartExecutionCommand)).toEqual([]);
      expect(lines).toEqual([expect.stringMatching(/^Uploaded 3 bytes/)]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('uploads an empty file with its length, so the S3 client has nothing to warn of', async () => {
    doc.on(PutCommand).resolves({});
    doc.on(DeleteCommand).resolves({});
    s3.on(PutObjectCommand).resolves({});
    sfn.on(StartExecutionCommand).rejects(new Error('stop here'));
    await expect(publishFile(target, 'catalogue', '')).rejects.toThrow('stop here');
    const upload = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(upload.ContentLength).toBe(0);
    expect(Buffer.isBuffer(upload.Body)).toBe(true);
  });
});
