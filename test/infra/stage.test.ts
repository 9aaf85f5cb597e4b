import { resourcesOfType, synth } from './synth';

describe('stages', () => {
  it('default to dev, in a stack named CommerceApi-dev', () => {
    expect(synth().stack.stackName).toBe('CommerceApi-dev');
  });

  it('come from context stage, as `cdk synth -c stage=<name>` passes it', () => {
    expect(synth({ context: { stage: 'alice' } }).stack.stackName).toBe('CommerceApi-alice');
  });

  it.each(['Prod', '1dev', 'dev_1', 'a-very-long-stage-name-x', ''])(
    'refuse %j with a clear error',
    (stage) => {
      expect(() => synth({ stage })).toThrow(/Invalid stage .*lower-case letters/);
    },
  );

  it('protect the prod stack from deletion', () => {
    expect(synth({ stage: 'prod' }).stack.terminationProtection).toBe(true);
    expect(synth({ stage: 'dev' }).stack.terminationProtection).toBe(false);
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

  it('prod keeps its logs a year, dev two weeks', () => {
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
