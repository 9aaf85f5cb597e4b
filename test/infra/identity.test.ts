import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { ADMIN_GROUP } from '#functions/contracts/auth-settings';
import { AUTH_ENV } from '#functions/contracts/environment';
import { authorizerFunction } from '#functions/function-registry';
import { handler as preTokenGeneration } from '#functions/identity/handlers/pre-token-generation';
import { routeFunctionName } from '#lib/resource-names';
import type { ExternalIssuer } from '#lib/stage-file';
import { type CfnJson, resourcesOfType, shippedStageFile, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });
/** An external-issuer stage, from its stage file. */
const externalStage = (identity: ExternalIssuer) =>
  synth({
    stage: 'dev',
    stageFile: { ...shippedStageFile('dev'), identity: { mode: 'external', ...identity } },
  });
const external = externalStage({ issuer: 'https://issuer.example.com', audience: 'commerce-api' });

const only = (template: typeof dev.template, type: string): [string, CfnJson] => {
  const found = Object.entries(resourcesOfType(template, type));
  expect(found).toHaveLength(1);
  return found[0]!;
};
const functionNamed = (template: typeof dev.template, name: string): CfnJson => {
  const found = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).find(
    (fn) => fn.Properties.FunctionName === name,
  );
  if (!found) throw new Error(`no function ${name}`);
  return found;
};
const logicalIdOfFunction = (template: typeof dev.template, name: string): string =>
  Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).find(
    ([, fn]) => fn.Properties.FunctionName === name,
  )![0];
/** The authorizer's variables without the ones every function has. */
const authorizerEnv = (template: typeof dev.template, stage = 'dev'): Record<string, CfnJson> => {
  const { POWERTOOLS_SERVICE_NAME, LOG_LEVEL, STAGE, ...rest } = functionNamed(
    template,
    routeFunctionName(stage, authorizerFunction.name),
  ).Properties.Environment.Variables;
  return rest;
};
const statementsOfFunction = (template: typeof dev.template, name: string): CfnJson[] => {
  const roleId = functionNamed(template, name).Properties.Role['Fn::GetAtt'][0];
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
};

describe('the Cognito user pool of a stage', () => {
  const [poolId, pool] = only(dev.template, 'AWS::Cognito::UserPool');

  it('is named after the stage, on the Essentials plan (access-token customization)', () => {
    expect(pool.Properties).toMatchObject({ UserPoolName: 'commerce-api-dev', UserPoolTier: 'ESSENTIALS' });
  });

  it('has no self sign-up; users sign in by username or e-mail, case-insensitively', () => {
    expect(pool.Properties).toMatchObject({
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AliasAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('asks for strong passwords and offers TOTP MFA, without SMS', () => {
    expect(pool.Properties.Policies.PasswordPolicy).toEqual({
      MinimumLength: 12,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
      TemporaryPasswordValidityDays: 3,
      PasswordHistorySize: 5,
    });
    expect(pool.Properties).toMatchObject({
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    expect(pool.Properties.SmsConfiguration).toBeUndefined();
  });

  it('holds the integer user id in an immutable custom attribute user_id (1 to 15 digits, as the authorizer reads it)', () => {
    expect(pool.Properties.Schema).toContainEqual({
      Name: 'user_id',
      AttributeDataType: 'Number',
      Mutable: false,
      NumberAttributeConstraints: { MinValue: '1', MaxValue: '999999999999999' },
    });
  });

  it('runs the pre token generation trigger as V2, so it can change the access token', () => {
    const triggerId = logicalIdOfFunction(dev.template, 'commerce-api-dev-pre-token-generation');
    expect(pool.Properties.LambdaConfig).toEqual({
      PreTokenGenerationConfig: { LambdaArn: { 'Fn::GetAtt': [triggerId, 'Arn'] }, LambdaVersion: 'V2_0' },
    });
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
  });

  it('has a trigger function that answers within Cognito’s 5 seconds and may only create user records', () => {
    const trigger = functionNamed(dev.template, 'commerce-api-dev-pre-token-generation');
    expect(trigger.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 5 });
    // It writes the user record of a first sign-in (docs/identity.md): PutItem on USER# keys only.
    expect(trigger.Properties.Environment.Variables.TABLE_NAME).toBeDefined();
    const statements = statementsOfFunction(dev.template, 'commerce-api-dev-pre-token-generation').filter(
      (s) => [s.Action].flat().some((action: string) => action.startsWith('dynamodb:')),
    );
    expect(statements).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:PutItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] } },
      }),
    ]);
  });

  it('is deleted with a dev stack, and kept (with deletion protection) on prod', () => {
    expect(pool.DeletionPolicy).toBe('Delete');
    expect(pool.Properties.DeletionProtection).toBe('INACTIVE');
    const [, prodPool] = only(prod.template, 'AWS::Cognito::UserPool');
    expect(prodPool).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    expect(prodPool.Properties).toMatchObject({
      UserPoolName: 'commerce-api-prod',
      DeletionProtection: 'ACTIVE',
    });
  });

  it('has an app client for a user-facing application: no secret, SRP and refresh, no OAuth; admin sign-in for the smoke', () => {
    const [, client] = only(dev.template, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({
      UserPoolId: { Ref: poolId },
      ClientName: 'commerce-api-dev',
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
    });
    // ADMIN_USER_PASSWORD_AUTH takes IAM credentials (npm run smoke's role, docs/decisions/stages-and-deploys.md D74).
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    // A user may not rewrite their own user id.
    expect(client.Properties.WriteAttributes).toEqual(['email']);
  });

  it('has the admin group', () => {
    const [, group] = only(dev.template, 'AWS::Cognito::UserPoolGroup');
    expect(group.Properties).toMatchObject({ GroupName: ADMIN_GROUP, UserPoolId: { Ref: poolId } });
    expect(ADMIN_GROUP).toBe('admin');
  });

  it('is what the authorizer trusts: pool, client id, access tokens, user_id and cognito:groups', () => {
    const [clientId] = only(dev.template, 'AWS::Cognito::UserPoolClient');
    expect(authorizerEnv(dev.template)).toEqual({
      [AUTH_ENV.issuer]: {
        'Fn::Join': [
          '',
          [
            'https://cognito-idp.',
            { Ref: 'AWS::Region' },
            '.',
            { Ref: 'AWS::URLSuffix' },
            '/',
            { Ref: poolId },
          ],
        ],
      },
      [AUTH_ENV.cognitoUserPoolId]: { Ref: poolId },
      [AUTH_ENV.audience]: { Ref: clientId },
      [AUTH_ENV.tokenUse]: 'access',
      [AUTH_ENV.userIdClaim]: 'user_id',
      [AUTH_ENV.groupsClaim]: 'cognito:groups',
    });
  });

  it('puts custom:user_id in the access token under the claim the authorizer reads', async () => {
    const event = {
      version: '2',
      triggerSource: 'TokenGeneration_Authentication',
      request: {
        userAttributes: { sub: 'a-uuid', 'custom:user_id': '7' },
        groupConfiguration: {},
        scopes: [],
      },
      response: { claimsAndScopeOverrideDetails: null },
    } as unknown as PreTokenGenerationV2TriggerEvent;
    // A token refresh: the trigger writes no user record then (test/unit/identity/first-sign-in.test.ts).
    const result = await preTokenGeneration({ ...event, triggerSource: 'TokenGeneration_RefreshTokens' });
    const claim = authorizerEnv(dev.template)[AUTH_ENV.userIdClaim];
    expect(
      result.response.claimsAndScopeOverrideDetails?.accessTokenGeneration?.claimsToAddOrOverride,
    ).toEqual({
      [claim]: '7',
    });
  });

  it('publishes the pool, client and issuer as stack outputs', () => {
    expect(Object.keys(dev.template.toJSON().Outputs)).toEqual(
      expect.arrayContaining(['UserPoolId', 'UserPoolClientId', 'TokenIssuer']),
    );
  });
});

describe('the authorizer function', () => {
  it.each(['dev', 'prod'])('on %s, reads no table and has no table access', (stage) => {
    const { template } = stage === 'dev' ? dev : prod;
    const name = routeFunctionName(stage, authorizerFunction.name);
    expect(functionNamed(template, name).Properties.Environment.Variables.TABLE_NAME).toBeUndefined();
    const actions = statementsOfFunction(template, name).flatMap((s) => [s.Action].flat());
    expect(
      actions.filter((action: string) => !action.startsWith('logs:') && !action.startsWith('xray:')),
    ).toEqual([]);
  });
});

describe('an external OIDC issuer (-c issuer=… -c audience=…)', () => {
  it('replaces the user pool: no Cognito resource, no trigger function', () => {
    for (const type of [
      'AWS::Cognito::UserPool',
      'AWS::Cognito::UserPoolClient',
      'AWS::Cognito::UserPoolGroup',
    ]) {
      external.template.resourceCountIs(type, 0);
    }
    const names = Object.values(resourcesOfType(external.template, 'AWS::Lambda::Function')).map(
      (fn) => fn.Properties.FunctionName,
    );
    expect(names).not.toContain('commerce-api-dev-pre-token-generation');
    expect(names).toContain(routeFunctionName('dev', authorizerFunction.name));
  });

  it('is what the authorizer trusts, with the default claims', () => {
    expect(authorizerEnv(external.template)).toEqual({
      [AUTH_ENV.issuer]: 'https://issuer.example.com',
      [AUTH_ENV.audience]: 'commerce-api',
    });
    const outputs = external.template.toJSON().Outputs;
    expect(outputs.TokenIssuer.Value).toBe('https://issuer.example.com');
    expect(outputs.UserPoolId).toBeUndefined();
  });

  it('passes the optional claims and JWKS URI', () => {
    const { template } = externalStage({
      issuer: 'https://login.example.com/realms/shop',
      audience: 'commerce-api',
      userIdClaim: 'customer_id',
      groupsClaim: 'groups',
      jwksUri: 'https://login.example.com/realms/shop/protocol/openid-connect/certs',
    });
    expect(authorizerEnv(template)).toEqual({
      [AUTH_ENV.issuer]: 'https://login.example.com/realms/shop',
      [AUTH_ENV.audience]: 'commerce-api',
      [AUTH_ENV.userIdClaim]: 'customer_id',
      [AUTH_ENV.groupsClaim]: 'groups',
      [AUTH_ENV.jwksUri]: 'https://login.example.com/realms/shop/protocol/openid-connect/certs',
    });
  });

  it.each([
    [{ issuer: 'http://issuer.example.com', audience: 'a' }, /issuer must be an https URL/],
    [{ issuer: 'issuer.example.com', audience: 'a' }, /issuer must be an https URL/],
    [{ issuer: 'https://user:pw@issuer.example.com', audience: 'a' }, /without credentials/],
    [{ issuer: 'https://issuer.example.com' }, /issuer needs context audience/],
    [{ audience: 'commerce-api' }, /audience applies to an external issuer only/],
    [{ userIdClaim: 'sub' }, /userIdClaim applies to an external issuer only/],
    [{ issuer: 'https://issuer.example.com', audience: '' }, /audience must be a non-empty string/],
    [{ issuer: 'https://i.example.com', audience: 'a', jwksUri: 'http://i.example.com/keys' }, /jwksUri/],
    [
      { issuer: 'https://i.example.com', audience: 'a', groupsClaim: 'my groups' },
      /groupsClaim must be a claim/,
    ],
  ])('refuses %j as context flags at synth', (context, message) => {
    expect(() => synth({ stage: 'dev', context })).toThrow(message);
  });
});
