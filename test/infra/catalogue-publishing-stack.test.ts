/**
 * The catalogue publishing resources (lib/catalogue-publishing.ts, docs/decisions/catalogue-versions.md D48): the
 * import bucket, the task function's access, and the state machine the sandbox runs too.
 */

import { CATALOGUE_ENV } from '#functions/contracts/environment';
import { UPLOAD_PREFIX, VERSION_PREFIX } from '#functions/contracts/keys/import-object-keys';
import {
  PUBLISH_ERRORS,
  PUBLISH_STATES,
  PUBLISH_TIMING,
} from '#functions/contracts/publish-workflow-contract';
import { UPLOAD_RETENTION_DAYS } from '#lib/catalogue-import-bucket';
import {
  dev,
  environmentOf,
  functions,
  logicalId,
  prod,
  resources,
  statementsOf,
} from './support/report-template';
import { type CfnJson, resourcesOfType } from './synth';

const { catalogue } = dev.stack;
const bucketId = logicalId(catalogue.importBucket.bucket);
const publishStepId = logicalId(catalogue.publishStep);
const stateMachineId = logicalId(catalogue.stateMachine);
const bucket = resources[bucketId];
const arn = { 'Fn::GetAtt': [bucketId, 'Arn'] };
const objects = (prefix: string) => ({ 'Fn::Join': ['', [arn, `/${prefix}*`]] });

describe('the catalogue import bucket', () => {
  it('is private, encrypted at rest, and refuses every request not made over TLS', () => {
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const [policy] = Object.values(resourcesOfType(dev.template, 'AWS::S3::BucketPolicy')).filter(
      (p) => p.Properties.Bucket.Ref === bucketId,
    );
    expect(policy!.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it(`expires uploads after ${UPLOAD_RETENTION_DAYS} days, keeps version plans, and is kept with prod`, () => {
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({
        Prefix: UPLOAD_PREFIX,
        ExpirationInDays: UPLOAD_RETENTION_DAYS,
        Status: 'Enabled',
      }),
    );
    const expiring = bucket.Properties.LifecycleConfiguration.Rules.filter(
      (r: CfnJson) => r.ExpirationInDays,
    );
    expect(expiring.map((r: CfnJson) => r.Prefix)).toEqual([UPLOAD_PREFIX]);
    const prodBucket =
      prod.template.toJSON().Resources[
        prod.stack.resolve((prod.stack.catalogue.importBucket.bucket.node.defaultChild as CfnJson).logicalId)
      ];
    expect(prodBucket).toMatchObject({
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
    });
  });
});

describe('the publish task function', () => {
  it(`knows the bucket (${CATALOGUE_ENV.bucket}) and may read uploads, and read, write and delete version plans only`, () => {
    expect(environmentOf(publishStepId)[CATALOGUE_ENV.bucket]).toEqual({ Ref: bucketId });
    const s3 = statementsOf(publishStepId).filter((s: CfnJson) =>
      [s.Action].flat().some((a: string) => a.startsWith('s3:')),
    );
    expect(s3).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Action: 's3:GetObject',
          Resource: [objects(UPLOAD_PREFIX), objects(VERSION_PREFIX)],
        }),
        expect.objectContaining({
          Action: ['s3:DeleteObject', 's3:PutObject'],
          Resource: objects(VERSION_PREFIX),
        }),
        expect.objectContaining({ Action: 's3:ListBucket', Resource: arn }),
      ]),
    );
    expect(s3).toHaveLength(3);
  });

  it('has Lambda’s longest timeout, which each task state also waits', () => {
    expect(functions[publishStepId]!.Properties.Timeout).toBe(PUBLISH_TIMING.taskSeconds);
  });
});

describe('the publish state machine', () => {
  const definition = () => {
    const text = JSON.stringify(resources[stateMachineId].Properties.DefinitionString);
    return text;
  };

  it('is Standard, named after the stage, traced, bounded by the lock time', () => {
    expect(resources[stateMachineId].Properties).toMatchObject({
      StateMachineName: 'commerce-api-dev-catalogue-publish',
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
    });
  });

  it('has every state of the contract the sandbox runs, a refusal for a busy lock, and the grace wait', () => {
    for (const state of Object.values(PUBLISH_STATES)) expect(definition()).toContain(`\\"${state}\\"`);
    expect(definition()).toContain(PUBLISH_ERRORS.busy);
    expect(definition()).toContain(`\\"Seconds\\":${PUBLISH_TIMING.graceSeconds}`);
    expect(definition()).toContain(`\\"MaxConcurrency\\":${PUBLISH_TIMING.chunkConcurrency}`);
  });

  it('is started by no function of the stack but the deploy’s upgrade trigger (teams start theirs with npm run catalogue)', () => {
    const starters = Object.keys(functions).filter((id) =>
      statementsOf(id).some(
        (s: CfnJson) =>
          [s.Action].flat().includes('states:StartExecution') &&
          JSON.stringify(s.Resource).includes(stateMachineId),
      ),
    );
    const [trigger] = Object.values(resourcesOfType(dev.template, 'Custom::CatalogueUpgrade'));
    expect(starters).toEqual([trigger!.Properties.ServiceToken['Fn::GetAtt'][0]]);
  });
});

describe('the stage stack’s outputs', () => {
  it('name the import bucket and the publish workflow, which npm run catalogue finds by these keys', () => {
    const { Outputs } = dev.template.toJSON();
    expect(Outputs.CatalogueImportBucket.Value).toEqual({
      Ref: logicalId(dev.stack.catalogue.importBucket.bucket),
    });
    expect(Outputs.CataloguePublishStateMachine.Value).toEqual({ Ref: stateMachineId });
  });
});
