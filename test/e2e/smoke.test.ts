/**
 * `npm run smoke` (docs/decisions/stages-and-deploys.md D74) as a team runs it: against the running e2e sandbox it
 * passes, one line per check, exit 0, and leaves in the table and the bucket nothing it made;
 * against a sandbox of its own whose report generation always fails (`--start-sandbox` with
 * SANDBOX_FAULTS), the report check alone fails in one clear line, the others still run, the
 * cleanup still removes everything, and the exit code is 1.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchKey } from '#functions/contracts/keys/batch-keys';
import { callerLimitKey } from '#functions/contracts/keys/caller-limit-keys';
import { userKey } from '#functions/contracts/keys/identity-keys';
import { reportKey } from '#functions/contracts/keys/report-keys';
import { reportObjectKey } from '#functions/contracts/keys/report-object-key';
import { webhookSecretsKey } from '#functions/contracts/keys/webhook-secret-keys';
import { SMOKE_LIMIT_SCOPES } from '#lib/smoke-access';
import { sandboxDynamoDbClient } from '#local/local-dynamodb';
import { runningSandbox } from '#local/running-sandbox';
import { sandboxS3Client } from '#local/s3/local-s3';
import { type CliRun, npmRun } from './support/cli-run';
import { sandboxStateDir } from './support/tokens';

interface Run extends CliRun {
  readonly lines: readonly string[];
}

/**
 * `npm run -s smoke -- …` in a child process, as the deploy workflow runs it. A run may take
 * 240 s, every check in turn: more than the e2e-slow project gives a test (jest.config.js), so
 * the tests that wait for one say so.
 */
const smoke = async (args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Run> => {
  const run = await npmRun('smoke', args, { env: { ...process.env, ...env }, timeout: 240_000 });
  return { ...run, lines: run.stdout.trimEnd().split('\n') };
};

const CHECK_LINE = /^(ok|FAIL|skip) {2,}\S/;
const outcomeOf = (lines: readonly string[], name: string) =>
  lines.find((line) => line.replace(/^\S+\s+/, '').startsWith(name))?.split(/\s+/)[0];

/** The checks a sandbox run makes, each on its own line, by the start of its name. */
const CHECKS = [
  'stage: sandbox',
  'catalogue: GET /business-units',
  'catalogue: GET /countries',
  'catalogue: GET /products?country=FR&limit=5',
  'catalogue: GET /products/1 ',
  'catalogue: GET /products/1/technical_info',
  'catalogue: GET /products/1/ratings',
  'catalogue: GET /products/1/images',
  'catalogue: GET /books/1',
  'catalogue: GET /products/1/stocks?location_id=',
  'search: POST /products/search',
  'search: GET /products?searchCriteria=',
  'auth: GET /@me without a token',
  'openapi: GET /openapi.json',
  'stage: access beside the API',
  'caller: sandbox user ',
  'account: GET /@me',
  'orders: GET /@me/orders',
  'batch: POST /orders/batches, to completed',
  'report: POST /orders/reports, to its PDF',
  'webhook secret: POST + DELETE /@me/webhook-secrets',
  'cleanup: what the run made',
];

describe('npm run smoke against the running sandbox', () => {
  let run: Run;
  beforeAll(async () => {
    run = await smoke(['--state-dir', sandboxStateDir()]);
  }, 240_000);

  it('passes: every check on its own line, ok, then the summary, exit 0', () => {
    const checks = run.lines.slice(0, -1);
    expect(checks.filter((line) => !CHECK_LINE.test(line))).toEqual([]);
    expect(checks).toHaveLength(CHECKS.length);
    expect(CHECKS.map((name) => [name, outcomeOf(checks, name)])).toEqual(CHECKS.map((name) => [name, 'ok']));
    expect(run.lines.at(-1)).toMatch(/^passed {2}smoke of sandbox: 22 ok, in \d+\.\d s$/);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('leaves nothing it made: no item of its user, batch or report, no PDF', async () => {
    const cleanupLine = run.lines.find((line) => line.startsWith('ok') && line.includes('cleanup:'))!;
    const userId = Number(/caller: sandbox user (\d+)/.exec(run.lines.join('\n'))![1]);
    const batchId = Number(/removed .*batch (\d+)/.exec(cleanupLine)![1]);
    const reportId = /removed report ([0-9a-f-]{36}) and its PDF/.exec(cleanupLine)![1]!;
    const sandbox = runningSandbox(sandboxStateDir())!;
    const client = sandboxDynamoDbClient(sandbox.dynamodbEndpoint);
    const s3 = sandboxS3Client(sandbox.s3Endpoint);
    try {
      const doc = DynamoDBDocumentClient.from(client);
      const keys = [
        userKey(userId),
        webhookSecretsKey(userId),
        ...SMOKE_LIMIT_SCOPES.map((scope) => callerLimitKey(scope, userId)),
        batchKey(batchId),
        reportKey(reportId),
      ];
      const left = [];
      for (const key of keys) {
        const { Item } = await doc.send(
          new GetCommand({ TableName: sandbox.tableName, Key: key, ConsistentRead: true }),
        );
        if (Item) left.push(key.pk);
      }
      expect(left).toEqual([]);
      await expect(
        s3.send(new HeadObjectCommand({ Bucket: sandbox.reportBucket, Key: reportObjectKey(reportId) })),
      ).rejects.toMatchObject({ name: 'NotFound' });
      // Nor anything else keyed by the user id: every partition key that names it.
      const named: string[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new ScanCommand({
            TableName: sandbox.tableName,
            ProjectionExpression: 'pk',
            FilterExpression: 'contains(pk, :id)',
            ExpressionAttributeValues: { ':id': String(userId) },
            ExclusiveStartKey: start,
          }),
        );
        named.push(...(page.Items ?? []).map((item) => String(item.pk)));
        start = page.LastEvaluatedKey;
      } while (start);
      expect(named).toEqual([]);
    } finally {
      client.destroy();
      s3.destroy();
    }
  });
});

describe('npm run smoke when the report generation fails', () => {
  it('fails that check in one clear line, still runs the others and cleans up, exit 1', async () => {
    const run = await smoke(['--start-sandbox'], { SANDBOX_FAULTS: '{"reports":{"generate":"always"}}' });
    const checks = run.lines.slice(0, -1);
    expect(checks.filter((line) => !CHECK_LINE.test(line))).toEqual([]);
    const failed = checks.filter((line) => line.startsWith('FAIL'));
    expect(failed).toEqual([
      expect.stringMatching(
        /^FAIL {2}report: POST \/orders\/reports, to its PDF +\d+ ms {2}report [0-9a-f-]{36} ended FAILED \(report_generation_failed: .+\)$/,
      ),
    ]);
    expect(CHECKS.map((name) => [name, outcomeOf(checks, name)])).toEqual(
      CHECKS.map((name) => [name, name.startsWith('report:') ? 'FAIL' : 'ok']),
    );
    expect(outcomeOf(checks, 'cleanup:')).toBe('ok');
    expect(checks.find((line) => line.includes('cleanup:'))).toMatch(
      /removed report [0-9a-f-]{36} and its PDF, batch \d+/,
    );
    expect(run.lines.at(-1)).toMatch(
      /^FAILED {2}smoke of sandbox: 1 failed \(report: POST \/orders\/reports, to its PDF\), 21 ok, in \d+\.\d s$/,
    );
    expect(run.code).toBe(1);
  }, 240_000);
});
