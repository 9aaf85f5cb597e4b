/**
 * The stage preflight (docs/decisions/stages-and-deploys.md D75) as the stack deploys it: where termination protection
 * comes from, the custom resource and what it is told, that nothing else of the stage's stack
 * (its nested stacks included) is created before it, and what its function may do.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createCommerceApi } from '#lib/commerce-api-stack';
import { type CfnJson, resourcesOfType, synth } from './synth';

const stages = { dev: synth({ stage: 'dev' }), prod: synth({ stage: 'prod' }) };

/** The stack artifact of the cloud assembly `cdk deploy` reads, as manifest.json writes it. */
function stackArtifact(stage: 'dev' | 'prod'): CfnJson {
  const outdir = mkdtempSync(path.join(tmpdir(), 'commerce-api-preflight-'));
  try {
    synth({ stage, appProps: { outdir } }).app.synth();
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    return manifest.artifacts[`CommerceApi-${stage}`];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const preflightOf = (stage: 'dev' | 'prod') => {
  const { stack, stackTemplate } = stages[stage];
  const id: string = stack.resolve((stack.preflight.resource.node.defaultChild as CfnJson).logicalId);
  const functionId: string = stack.resolve((stack.preflight.handler.node.defaultChild as CfnJson).logicalId);
  return { id, functionId, resources: stackTemplate.toJSON().Resources as Record<string, CfnJson> };
};

describe('termination protection', () => {
  it("is the cloud assembly's setting of the stack, which cdk deploy applies on every deploy: on for a protected stage", () => {
    expect(stackArtifact('prod').properties.terminationProtection).toBe(true);
  });

  it('is off for an unprotected stage', () => {
    // Left out of the manifest, which the CLI reads as false.
    expect(stackArtifact('dev').properties.terminationProtection ?? false).toBe(false);
  });
});

describe('the stage preflight', () => {
  it('is a custom resource of the stage’s stack, told the stage file, its protection and the generator’s reservation', () => {
    const { id, functionId, resources } = preflightOf('prod');
    expect(resources[id]).toEqual({
      Type: 'Custom::StagePreflight',
      Properties: {
        ServiceToken: { 'Fn::GetAtt': [functionId, 'Arn'] },
        ServiceTimeout: '180',
        StageFile: 'stages/prod.json',
        Protected: 'true',
        ReportGeneratorFunction: 'commerce-api-prod-generate-report',
        ReportGeneratorConcurrency: '10',
      },
      UpdateReplacePolicy: 'Delete',
      DeletionPolicy: 'Delete',
    });
    expect(preflightOf('dev').resources[preflightOf('dev').id].Properties).toEqual({
      ServiceToken: { 'Fn::GetAtt': [preflightOf('dev').functionId, 'Arn'] },
      ServiceTimeout: '180',
      StageFile: 'stages/dev.json',
      Protected: 'false',
    });
  });

  it.each(['dev', 'prod'] as const)(
    'comes first in %s: every other resource of the stack, each nested stack included, depends on it',
    (stage) => {
      const { id, resources } = preflightOf(stage);
      const { stack } = stages[stage];
      const own = new Set(
        stack.preflight.node
          .findAll()
          .map((c) => (c.node.defaultChild ?? c) as CfnJson)
          .filter((c) => c.logicalId !== undefined)
          .map((c) => stack.resolve(c.logicalId) as string),
      );
      const others = Object.keys(resources).filter((other) => !own.has(other));
      const notAfter = others.filter((other) => ![resources[other].DependsOn ?? []].flat().includes(id));
      expect(notAfter).toEqual([]);
      expect(others.filter((other) => resources[other].Type === 'AWS::CloudFormation::Stack')).toHaveLength(
        10,
      );
      // Its own function, role, policy and log group come before it.
      expect([...own].sort()).toEqual(
        Object.keys(resources)
          .filter((r) => r.startsWith('Preflight'))
          .sort(),
      );
    },
  );

  it('comes before a resource added to the stack after it was built, too (an Aspect adds the dependencies at synth)', () => {
    const { stack } = createCommerceApi({
      stage: 'dev',
      appProps: { builtinCloudFormationValidation: false },
    });
    new CfnResource(stack, 'AddedLater', { type: 'AWS::SNS::Topic' });
    const resources = Template.fromStack(stack).toJSON().Resources;
    const added = Object.keys(resources).find((id) => id.startsWith('AddedLater'))!;
    expect(resources[added].DependsOn).toEqual([
      stack.resolve((stack.preflight.resource.node.defaultChild as CfnJson).logicalId),
    ]);
  });

  it.each([
    ['dev', 'Delete', 14],
    ['prod', 'RetainExceptOnCreate', 365],
  ] as const)('logs in %s to its own log group, with the stage’s removal policy', (stage, policy, days) => {
    const { functionId, resources } = preflightOf(stage);
    const group = resources[resources[functionId].Properties.LoggingConfig.LogGroup.Ref];
    expect(group).toMatchObject({
      DeletionPolicy: policy,
      Properties: {
        LogGroupName: `/aws/lambda/commerce-api-${stage}-stage-preflight`,
        RetentionInDays: days,
      },
    });
  });

  const statementsOf = (stage: 'dev' | 'prod'): CfnJson[] => {
    const { functionId, resources } = preflightOf(stage);
    const roleId = resources[functionId].Properties.Role['Fn::GetAtt'][0];
    return (
      Object.values(resourcesOfType(stages[stage].stackTemplate, 'AWS::IAM::Policy'))
        .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
        // Writing to its own log group, as every function (test/infra/functions.test.ts).
        .filter((s: CfnJson) => ![s.Action].flat().some((a: string) => a.startsWith('logs:')))
    );
  };
  const accountArn = {
    'Fn::Join': [
      '',
      ['arn:', { Ref: 'AWS::Partition' }, ':apigateway:', { Ref: 'AWS::Region' }, '::/account'],
    ],
  };

  const tracing = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

  it('may read API Gateway’s account setting and its own stack’s status, and nothing else on an unprotected stage', () => {
    expect(statementsOf('dev')).toEqual([
      { Action: tracing, Effect: 'Allow', Resource: '*' },
      { Action: 'apigateway:GET', Effect: 'Allow', Resource: accountArn },
      { Action: 'cloudformation:DescribeStacks', Effect: 'Allow', Resource: { Ref: 'AWS::StackId' } },
    ]);
  });

  it('may also, on prod, read Lambda’s concurrency and the generator’s, and lift its own stack’s protection only', () => {
    expect(statementsOf('prod')).toEqual([
      // Prod is pinned to its account and region, so they are written out.
      { Action: ['lambda:GetAccountSettings', ...tracing], Effect: 'Allow', Resource: '*' },
      { Action: 'apigateway:GET', Effect: 'Allow', Resource: 'arn:aws:apigateway:eu-west-1::/account' },
      {
        Action: 'lambda:GetFunctionConcurrency',
        Effect: 'Allow',
        Resource: 'arn:aws:lambda:eu-west-1:111111111111:function:commerce-api-prod-generate-report',
      },
      {
        Action: ['cloudformation:DescribeStacks', 'cloudformation:UpdateTerminationProtection'],
        Effect: 'Allow',
        Resource: { Ref: 'AWS::StackId' },
      },
    ]);
  });
});
