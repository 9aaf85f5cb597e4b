import { createCommerceApi } from '#lib/commerce-api-stack';
import { STAGES_DIR } from '#lib/stage-file';
import { resourcesOfType, shippedStageFile, synth, TEST_ENV } from './synth';

/** The committed stage files as `cdk synth` reads them, from stages/. */
const fromStagesDir = (stage: string) =>
  createCommerceApi({ stage, stagesDir: STAGES_DIR, appProps: { builtinCloudFormationValidation: false } });

describe('stages', () => {
  it('default to dev, in a stack named CommerceApi-dev', () => {
    expect(synth().stack.stackName).toBe('CommerceApi-dev');
  });

  it('come from context stage, as `cdk synth -c stage=<name>` passes it', () => {
    expect(synth({ context: { stage: 'prod' } }).stack.stackName).toBe('CommerceApi-prod');
  });

  it.each(['Prod', '1dev', 'dev_1', 'a-very-long-stage-name-x', ''])(
    'refuse %j with a clear error',
    (stage) => {
      expect(() => synth({ stage })).toThrow(/Invalid stage .*lower-case letters/);
    },
  );

  it('are refused without a stage file, with how to make one', () => {
    expect(() => fromStagesDir('alice')).toThrow(
      'Stage alice has no stage file stages/alice.json. Create it from a committed one, e.g. ' +
        '`cp stages/dev.json stages/alice.json`',
    );
  });

  it('synthesize dev from its committed file with no AWS account (environment-agnostic)', () => {
    const { stack } = fromStagesDir('dev');
    expect(stack.stackName).toBe('CommerceApi-dev');
    expect(stack.resolve(stack.account)).toEqual({ Ref: 'AWS::AccountId' });
  });

  it('refuse the committed prod until its file names the account and region, saying what to set', () => {
    expect(() => fromStagesDir('prod')).toThrow(
      /Stage prod is protected, so its stack is pinned to one AWS account and region: set "account" .* and "region" .* in stages\/prod\.json/,
    );
  });

  it('pin a protected stage to the account and region of its file', () => {
    const { stack } = synth({ stage: 'prod' });
    expect([stack.account, stack.region]).toEqual([TEST_ENV.account, TEST_ENV.region]);
    expect(stack.terminationProtection).toBe(true);
  });
});

describe('protection follows the stage file, never the name', () => {
  const prod = synth({ stage: 'prod' });
  const production = synth({ stage: 'production', stageFile: shippedStageFile('prod') });

  it('a stage named production with prod’s file is prod, resource for resource, but for its names', () => {
    const ours = production.template.toJSON();
    const theirs = prod.template.toJSON();
    // Construct ids that carry the stage name (the API's stage) give other logical ids: pair
    // the resources in the order both templates list them, and rename ours to prod's.
    const ourIds = Object.keys(ours.Resources);
    const theirIds = Object.keys(theirs.Resources);
    expect(ourIds.map((id) => ours.Resources[id].Type)).toEqual(
      theirIds.map((id) => theirs.Resources[id].Type),
    );
    let text = JSON.stringify(ours);
    ourIds.forEach((id, i) => {
      text = text.replaceAll(`"${id}"`, `"${theirIds[i]}"`);
    });
    // Names made from the stack's own (a statement id), and, with bundling off (tests), code
    // assets named after their construct path: bundled, both stages upload the same code.
    const withoutCodeKeys = (json: string) =>
      json
        .replace(/"S3Key":"[0-9a-f]{64}\.zip"/g, '"S3Key":"<code>"')
        .replace(/"Sid":"AllowEventRuleCommerceApiprod\w+"/g, '"Sid":"<rule>"');
    expect(JSON.parse(withoutCodeKeys(text.replaceAll('production', 'prod')))).toEqual(
      JSON.parse(withoutCodeKeys(JSON.stringify(theirs))),
    );
    expect(production.stack.terminationProtection).toBe(true);
  });

  it('a stage named prod whose file is not protected keeps nothing', () => {
    const unprotected = synth({
      stage: 'prod',
      stageFile: { ...shippedStageFile('prod'), protected: false },
    });
    expect(unprotected.stack.terminationProtection).toBe(false);
    const kept = Object.values(resourcesOfType(unprotected.template, 'AWS::DynamoDB::Table')).map((table) => [
      table.DeletionPolicy,
      table.Properties.DeletionProtectionEnabled,
    ]);
    expect(kept).toEqual([['Delete', false]]);
  });
});

describe('dev and prod', () => {
  const dev = synth({ stage: 'dev' });
  const prod = synth({ stage: 'prod' });
  /** Resources that hold data or records: what prod keeps and other stages delete. */
  const STATEFUL = [
    'AWS::DynamoDB::Table',
    'AWS::S3::Bucket',
    'AWS::Cognito::UserPool',
    'AWS::SecretsManager::Secret',
    'AWS::Logs::LogGroup',
    'AWS::SQS::Queue',
  ];
  const policiesOf = (template: typeof dev.template, type: string) =>
    Object.values(resourcesOfType(template, type)).map((r) => [r.DeletionPolicy, r.UpdateReplacePolicy]);
  const only = (template: typeof dev.template, type: string) => {
    const found = Object.values(resourcesOfType(template, type));
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it.each(STATEFUL)(
    'prod keeps its %s when the stack is deleted or the resource replaced; dev deletes it',
    (type) => {
      expect(policiesOf(prod.template, type).length).toBeGreaterThan(0);
      for (const policies of policiesOf(prod.template, type))
        expect(policies).toEqual(['RetainExceptOnCreate', 'Retain']);
      for (const policies of policiesOf(dev.template, type)) expect(policies).toEqual(['Delete', 'Delete']);
    },
  );

  it("dev keeps nothing when deleted (API Gateway's account-level logging role is the account setup stack's)", () => {
    const kept = Object.values(
      dev.template.toJSON().Resources as Record<string, { Type: string; DeletionPolicy?: string }>,
    )
      .filter((r) => r.DeletionPolicy === 'Retain')
      .map((r) => r.Type);
    expect(kept).toEqual([]);
    expect(dev.template.findResources('AWS::ApiGateway::Account')).toEqual({});
  });

  it('prod has point-in-time recovery and deletion protection on the table; dev has neither', () => {
    expect(only(prod.template, 'AWS::DynamoDB::Table').Properties).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(only(dev.template, 'AWS::DynamoDB::Table').Properties).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
      DeletionProtectionEnabled: false,
    });
  });

  it('prod protects its user pool from deletion; dev does not', () => {
    expect(only(prod.template, 'AWS::Cognito::UserPool').Properties.DeletionProtection).toBe('ACTIVE');
    expect(only(dev.template, 'AWS::Cognito::UserPool').Properties.DeletionProtection).toBe('INACTIVE');
  });

  it('dev empties its buckets before deleting them; prod keeps them, unversioned in both (the PDFs are regenerable and expire after 7 days)', () => {
    dev.template.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
    prod.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    for (const { stack, template } of [dev, prod]) {
      const bucket =
        template.toJSON().Resources[
          stack.resolve(
            (stack.reports.bucket.bucket.node.defaultChild as unknown as { logicalId: string }).logicalId,
          )
        ].Properties;
      expect(bucket.VersioningConfiguration).toBeUndefined();
      expect(bucket.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({ Id: 'expire-reports', ExpirationInDays: 7, Status: 'Enabled' }),
      );
    }
  });

  it('prod keeps its logs a year, dev two weeks, as their files say', () => {
    expect([shippedStageFile('prod').logRetentionDays, shippedStageFile('dev').logRetentionDays]).toEqual([
      365, 14,
    ]);
    for (const group of Object.values(resourcesOfType(prod.template, 'AWS::Logs::LogGroup'))) {
      expect(group.Properties.RetentionInDays).toBe(365);
    }
    for (const group of Object.values(resourcesOfType(dev.template, 'AWS::Logs::LogGroup'))) {
      expect(group.Properties.RetentionInDays).toBe(14);
    }
  });

  it('only prod has termination protection', () => {
    expect(prod.stack.terminationProtection).toBe(true);
    expect(dev.stack.terminationProtection).toBe(false);
  });
});
