import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { createCommerceApi } from '#lib/commerce-api-stack';
import type { StageFile } from '#lib/stage-file';
import { shippedStageFile } from './synth';

/**
 * cdk-nag 3 runs as a policy-validation plugin at synth time: its findings are not
 * annotations but entries of validation-report.json, and under Jest (NODE_ENV=test) an
 * unacknowledged error or warning makes `app.synth()` throw with the report in the message.
 */
function synthWithNag(
  stage: string,
  change?: (app: ReturnType<typeof createCommerceApi>) => void,
  stageFile: StageFile = shippedStageFile(stage),
) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'commerce-api-nag-'));
  const built = createCommerceApi({
    stage,
    stageFile,
    nag: true,
    appProps: { outdir, builtinCloudFormationValidation: false },
  });
  change?.(built);
  try {
    built.app.synth();
    return JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: { ruleName: string }[] }[];
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('cdk-nag AwsSolutions checks', () => {
  it.each(['dev', 'prod'])('leave no unacknowledged error or warning on %s', (stage) => {
    const report = synthWithNag(stage);
    expect(report.pluginReports.flatMap((plugin) => plugin.violations.map((v) => v.ruleName))).toEqual([]);
  });

  it('leave no unacknowledged error or warning with an external issuer instead of the user pool', () => {
    const report = synthWithNag('dev', undefined, {
      ...shippedStageFile('dev'),
      identity: { mode: 'external', issuer: 'https://issuer.example.com', audience: 'commerce-api' },
    });
    expect(report.pluginReports.flatMap((plugin) => plugin.violations.map((v) => v.ruleName))).toEqual([]);
  });

  it('do run, and an acknowledgement covers its own construct only', () => {
    // The dev table acknowledges DDB3 for itself; a second table without one must still fail.
    const addUncheckedTable = ({ stack }: ReturnType<typeof createCommerceApi>) => {
      new Table(stack, 'Unchecked', { partitionKey: { name: 'id', type: AttributeType.STRING } });
    };
    expect(() => synthWithNag('dev', addUncheckedTable)).toThrow(
      /CommerceApi-dev\/Unchecked\/.*\n.*AwsSolutions-DDB3/,
    );
  });
});
