/**
 * The role `npm run smoke -- --stage <stage>` assumes (docs/decisions/stages-and-deploys.md D74): named, trusted by the
 * account only, and allowed exactly the smoke's own writes beside the API — its temporary Cognito
 * user, and the removal of its users' items, its batch, its report job and PDF — and nothing
 * else; the outputs the smoke finds the stage by.
 */

import { keyMatches, tableAccess } from '#commons/table-access';
import { callerLimitKey } from '#functions/contracts/keys/caller-limit-keys';
import { userKey } from '#functions/contracts/keys/identity-keys';
import { outcomeKey } from '#functions/contracts/keys/outcome-keys';
import { webhookSecretsKey } from '#functions/contracts/keys/webhook-secret-keys';
import { SMOKE_CLEANUP_ACCESS, SMOKE_LIMIT_SCOPES, SMOKE_USER_IDS, smokeEventId } from '#lib/smoke-access';
import { type CfnJson, resourcesOfType, shippedStageFile, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });
const external = synth({
  stage: 'dev',
  stageFile: {
    ...shippedStageFile('dev'),
    identity: { mode: 'external', issuer: 'https://issuer.example.com', audience: 'commerce-api' },
  },
});

const smokeRole = (built: typeof dev): [string, CfnJson] => {
  const found = Object.entries(resourcesOfType(built.template, 'AWS::IAM::Role')).filter(
    ([, role]) =>
      role.Properties.RoleName === 'commerce-api-dev-smoke' ||
      role.Properties.RoleName === 'commerce-api-prod-smoke',
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};

const statementsOf = (built: typeof dev): CfnJson[] => {
  const [roleId] = smokeRole(built);
  return Object.values(resourcesOfType(built.template, 'AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as CfnJson[]);
};

const [tableId] = Object.keys(resourcesOfType(dev.template, 'AWS::DynamoDB::Table'));
const [poolId] = Object.keys(resourcesOfType(dev.template, 'AWS::Cognito::UserPool'));

describe('the smoke role', () => {
  it('is named after the stage and trusted by its own account alone, for an hour at most', () => {
    const [, role] = smokeRole(dev);
    expect(role.Properties.MaxSessionDuration).toBe(3600);
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: {
          AWS: {
            'Fn::Join': [
              '',
              ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':root'],
            ],
          },
        },
      },
    ]);
    expect(smokeRole(prod)[1].Properties.RoleName).toBe('commerce-api-prod-smoke');
  });

  it('may make, sign in and delete a user of the stage pool, delete its own items and report PDFs, nothing else', () => {
    expect(statementsOf(dev)).toEqual([
      {
        Action: 'dynamodb:DeleteItem',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
        Condition: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': tableAccess(SMOKE_CLEANUP_ACCESS)[0]!.leadingKeys,
          },
        },
      },
      {
        Action: 's3:DeleteObject',
        Effect: 'Allow',
        Resource: { 'Fn::Join': ['', [expect.anything(), '/reports/*']] },
      },
      {
        Action: [
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminDeleteUser',
          'cognito-idp:AdminInitiateAuth',
          'cognito-idp:AdminSetUserPassword',
        ],
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [poolId, 'Arn'] },
      },
    ]);
  });

  it('has no Cognito permission on a stage whose tokens come from an external issuer', () => {
    expect(statementsOf(external).map((s) => s.Action)).toEqual(['dynamodb:DeleteItem', 's3:DeleteObject']);
  });

  it("deletes the reserved users' items and no other user's; any batch or report (their keys name no user)", () => {
    const patterns = tableAccess(SMOKE_CLEANUP_ACCESS).flatMap((grant) => grant.leadingKeys);
    const allowed = (pk: string) => patterns.some((pattern) => keyMatches(pattern, pk));
    const keysOf = (id: number) => [
      userKey(id).pk,
      webhookSecretsKey(id).pk,
      ...SMOKE_LIMIT_SCOPES.map((scope) => callerLimitKey(scope, id).pk),
      outcomeKey(smokeEventId(id)).pk,
    ];
    for (const id of [SMOKE_USER_IDS.min, 912_345_678_901_234, SMOKE_USER_IDS.max]) {
      expect(keysOf(id).filter((pk) => !allowed(pk))).toEqual([]);
    }
    for (const id of [1, 2, 9, 99_999_999_999_999, 899_999_999_999_999]) {
      expect(keysOf(id).filter(allowed)).toEqual([]);
    }
    // A smoke user's order list, were there one, is not the smoke's to delete; nor are orders or the catalogue.
    for (const pk of [
      'USER#900000000000000#ORDERS',
      'ORDER#1',
      'PRODUCT#1',
      'CATALOGUE',
      'COUNTER',
      'EVENT#checkout-7f3a',
      'EVENT#smoke-1',
    ]) {
      expect(allowed(pk)).toBe(false);
    }
    expect(allowed('BATCH#17')).toBe(true);
    expect(allowed('REPORT#00000000-0000-4000-8000-000000000001')).toBe(true);
  });
});

describe('the outputs npm run smoke reads', () => {
  it('name the smoke role and whether the stage is protected', () => {
    const outputs = (built: typeof dev) => built.stackTemplate.toJSON().Outputs as Record<string, CfnJson>;
    expect(outputs(dev).SmokeRoleArn.Value).toEqual({ 'Fn::GetAtt': [smokeRole(dev)[0], 'Arn'] });
    expect(outputs(dev).StageProtected.Value).toBe('false');
    expect(outputs(prod).StageProtected.Value).toBe('true');
    expect(Object.keys(outputs(dev))).toEqual(
      expect.arrayContaining([
        'ApiBaseUrl',
        'TableName',
        'ReportBucketName',
        'UserPoolId',
        'UserPoolClientId',
      ]),
    );
    expect(Object.keys(outputs(external))).not.toContain('UserPoolId');
  });
});
