import { readFileSync } from 'node:fs';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AUTH_ENV } from '#functions/contracts/environment';
import { reportFunctions } from '#functions/function-registry';
import { schemaText } from '#lib/published-schemas/schema-files';
import { routeFunctionName } from '#lib/resource-names';
import { parseStageFile, STAGE_SCHEMA_FILE, type StageFile, stageJsonSchema } from '#lib/stage-file';
import { resourcesOfType, shippedStageFile, synth } from './synth';

const dev = shippedStageFile('dev');
const EXTERNAL: StageFile = {
  ...dev,
  identity: { mode: 'external', issuer: 'https://login.example.com/realms/shop', audience: 'commerce-api' },
};
const functionNamed = (template: ReturnType<typeof synth>['template'], name: string) =>
  Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).find(
    (fn) => fn.Properties.FunctionName === name,
  )!;

describe('a stage file', () => {
  it.each([
    [
      { identity: { mode: 'cognito' } },
      /✖ Invalid input: expected boolean, received undefined\n {2}→ at protected/,
    ],
    [{ ...dev, colour: 'blue' }, /Unrecognized key: "colour"/],
    [{ ...dev, identity: { mode: 'external', issuer: 'http://i.example.com', audience: 'a' } }, /https URL/],
    [{ ...dev, identity: { mode: 'external', issuer: 'https://i.example.com' } }, /→ at identity\.audience/],
    [{ ...dev, identity: { mode: 'okta' } }, /Expected 'cognito' \| 'external'/],
    [
      { ...dev, routeThrottles: { 'get-everything': { rateLimit: 1, burstLimit: 1 } } },
      /Unrecognized key: "get-everything"\n {2}→ at routeThrottles/,
    ],
    [{ ...dev, logRetentionDays: 10 }, /→ at logRetentionDays/],
    [{ ...dev, account: '123' }, /12-digit AWS account id/],
    [{ ...dev, account: '111111111111' }, /account and region go together/],
    [{ ...dev, alarmEmail: 'on-call' }, /must be an e-mail address/],
    [{ ...dev, reportGeneratorConcurrency: 0 }, /→ at reportGeneratorConcurrency/],
  ])('is refused when wrong (%j), naming the file and the setting', (content, message) => {
    expect(() => parseStageFile(content, 'stages/alice.json')).toThrow(message);
    expect(() => parseStageFile(content, 'stages/alice.json')).toThrow(
      /^stages\/alice\.json is not a valid stage file:\n/,
    );
  });

  it('has a committed JSON Schema for editors that matches the one synth checks with (`npx tsx lib/stage-schema-write.ts` writes it)', () => {
    expect(JSON.parse(readFileSync(STAGE_SCHEMA_FILE, 'utf8'))).toEqual(
      JSON.parse(schemaText(stageJsonSchema())),
    );
  });
});

describe('an external-issuer stage', () => {
  const { template } = synth({ stage: 'partner', stageFile: EXTERNAL });

  it('keeps its issuer when synthesized without flags: no user pool, the authorizer trusts the file’s issuer', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 0);
    expect(
      functionNamed(template, 'commerce-api-partner-authorizer').Properties.Environment.Variables,
    ).toMatchObject({
      [AUTH_ENV.issuer]: 'https://login.example.com/realms/shop',
      [AUTH_ENV.audience]: 'commerce-api',
    });
    expect(template.toJSON().Outputs.TokenIssuer.Value).toBe('https://login.example.com/realms/shop');
  });
});

describe('context flags', () => {
  it('override an unprotected stage for one synth, with a warning that a deploy uses the file', () => {
    const { stack, template } = synth({ stage: 'dev', context: { throttleRate: '50' } });
    const [apiStage] = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Stage'));
    expect(apiStage!.Properties.MethodSettings).toContainEqual(
      expect.objectContaining({ ResourcePath: '/*', ThrottlingRateLimit: 50, ThrottlingBurstLimit: 200 }),
    );
    Annotations.fromStack(stack).hasWarning(
      '/CommerceApi-dev',
      Match.stringLikeRegexp('-c throttleRate overrides the stage file for this synth only'),
    );
  });

  it('are refused on a protected stage, which is built from its file alone', () => {
    expect(() => synth({ stage: 'prod', context: { throttleRate: '500' } })).toThrow(
      'Stage prod is protected: it is built from its stage file alone, so -c throttleRate cannot change it. ' +
        'Change stages/prod.json instead, and deploy that commit.',
    );
    expect(() =>
      synth({ stage: 'prod', context: { issuer: 'https://i.example.com', audience: 'a' } }),
    ).toThrow(/-c issuer, audience cannot change it/);
  });
});

describe('settings from the file', () => {
  const prod = synth({ stage: 'prod' });
  const devStack = synth({ stage: 'dev' });
  const generator = (built: typeof prod, stage: string) =>
    functionNamed(built.template, routeFunctionName(stage, reportFunctions.generate.name)).Properties;

  it('reserve concurrency for the report generator where the file says (prod: 10), none in dev', () => {
    expect(shippedStageFile('prod').reportGeneratorConcurrency).toBe(10);
    expect(generator(prod, 'prod').ReservedConcurrentExecutions).toBe(10);
    expect(generator(devStack, 'dev').ReservedConcurrentExecutions).toBeUndefined();
  });

  it('subscribe the alarm e-mail to the alarm topic', () => {
    const { template } = synth({ stage: 'dev', stageFile: { ...dev, alarmEmail: 'on-call@example.com' } });
    const [topicId] = Object.keys(resourcesOfType(template, 'AWS::SNS::Topic'));
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'on-call@example.com',
      TopicArn: { Ref: topicId },
    });
    devStack.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('turn the web ACL on and off, by default as the stage is protected', () => {
    prod.template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    devStack.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const withWaf = synth({ stage: 'dev', stageFile: { ...dev, waf: true } }).template;
    withWaf.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    const { waf: _waf, ...protectedByDefault } = shippedStageFile('prod');
    synth({ stage: 'prod', stageFile: protectedByDefault }).template.resourceCountIs('AWS::WAFv2::WebACL', 1);
  });

  it('throttle an expensive route as the file says, instead of the route table', () => {
    const { template } = synth({
      stage: 'dev',
      stageFile: { ...dev, routeThrottles: { 'search-products': { rateLimit: 20, burstLimit: 40 } } },
    });
    const [apiStage] = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Stage'));
    expect(apiStage!.Properties.MethodSettings).toContainEqual(
      expect.objectContaining({
        HttpMethod: 'POST',
        ResourcePath: '/~1v1~1products~1search',
        ThrottlingRateLimit: 20,
        ThrottlingBurstLimit: 40,
      }),
    );
  });
});
