import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { TableAccess } from '#commons/table-access';
import { catalogueReadAccess } from '#functions/catalogue/store/catalogue-access';
import {
  authorizerFunction,
  batchFunctions,
  catalogueFunctions,
  deploymentFunctions,
  eventFunctions,
  reportFunctions,
} from '#functions/function-registry';
import { routes } from '#functions/routes';
import { CommerceRestApi } from '#lib/api/rest-api';
import { routeFunctionName } from '#lib/resource-names';
import { SEARCH_MEMORY_MB, SEARCH_ROUTES } from '#lib/search-functions';
import { stageSettings, THROWAWAY_STAGE_FILE } from '#lib/stage';
import { type CfnJson, resourcesOfType, stageTemplate, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });
const functions = resourcesOfType(dev.template, 'AWS::Lambda::Function');
const logGroups = resourcesOfType(dev.template, 'AWS::Logs::LogGroup');
const policies = resourcesOfType(dev.template, 'AWS::IAM::Policy');
const roles = resourcesOfType(dev.template, 'AWS::IAM::Role');

const logicalIdOf = (routeName: string): string =>
  dev.stack.resolve((dev.stack.api.functionFor(routeName).node.defaultChild as CfnJson).logicalId);
const functionOf = (routeName: string) => functions[logicalIdOf(routeName)]!;
const roleIdOf = (routeName: string): string => functionOf(routeName).Properties.Role['Fn::GetAtt'][0];
/** Every statement of the inline policies attached to a route function's role. */
const statementsOf = (routeName: string): CfnJson[] =>
  Object.values(policies)
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleIdOf(routeName)))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
const actionsOf = (statements: CfnJson[]): string[] => statements.flatMap((s) => [s.Action].flat());

describe('route functions', () => {
  it('are one function per route of the table, named after the stage and the route, beside the authorizer, the Cognito trigger, the batch queue consumers, the events consumer, the workflow tasks and the stage preflight', () => {
    const names = Object.values(functions)
      .map((fn) => fn.Properties.FunctionName)
      .filter((name) => name !== undefined);
    expect(names.sort()).toEqual(
      [
        ...routes.map((route) => routeFunctionName('dev', route.name)),
        routeFunctionName('dev', authorizerFunction.name),
        'commerce-api-dev-pre-token-generation',
        ...Object.values(batchFunctions).map((fn) => routeFunctionName('dev', fn.name)),
        ...Object.values(reportFunctions).map((fn) => routeFunctionName('dev', fn.name)),
        // The order and user events' consumer (lib/order-events.ts).
        ...Object.values(eventFunctions).map((fn) => routeFunctionName('dev', fn.name)),
        // The catalogue publish workflow's task function (lib/catalogue-publishing.ts).
        ...Object.values(catalogueFunctions).map((fn) => routeFunctionName('dev', fn.name)),
        // The stage preflight's custom resource function (lib/stage-preflight-resource.ts).
        ...Object.values(deploymentFunctions).map((fn) => routeFunctionName('dev', fn.name)),
        // CDK's provider of the deploy's catalogue upgrade trigger (docs/decisions/catalogue-versions.md D73).
        'commerce-api-dev-catalogue-upgrade-trigger',
      ].sort(),
    );
  });

  it('include no unnamed function but CDK’s handlers that empty the dev buckets before their deletion, one in each stack with a bucket (none in prod)', () => {
    const unnamed = (found: Record<string, CfnJson>) =>
      Object.values(found).filter((fn) => fn.Properties.FunctionName === undefined);
    const bucketIds = [dev.stack.reports.bucket.bucket, dev.stack.catalogue.importBucket.bucket].map(
      (bucket) => dev.stack.resolve((bucket.node.defaultChild as CfnJson).logicalId),
    );
    expect(unnamed(functions).map((fn) => fn.Properties.Description)).toEqual(
      bucketIds.map((id) => ({
        'Fn::Join': ['', ['Lambda function for auto-deleting objects in ', { Ref: id }, ' S3 bucket.']],
      })),
    );
    expect(unnamed(resourcesOfType(prod.template, 'AWS::Lambda::Function'))).toEqual([]);
  });

  it.each(routes.map((route) => route.name))('%s runs Node.js 24 on arm64 with active tracing', (name) => {
    expect(functionOf(name).Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
      // The search routes get one whole vCPU for their in-memory search (docs/decisions/search-engine.md D69).
      MemorySize: (SEARCH_ROUTES as readonly string[]).includes(name) ? SEARCH_MEMORY_MB : 512,
      Timeout: 10,
      Environment: { Variables: { POWERTOOLS_SERVICE_NAME: 'commerce-api', LOG_LEVEL: 'INFO' } },
    });
  });

  it('each log to their own log group, kept two weeks outside prod and deleted with the stack', () => {
    for (const route of routes) {
      const fn = functionOf(route.name);
      const logGroup = logGroups[fn.Properties.LoggingConfig.LogGroup.Ref]!;
      expect(logGroup.Properties).toMatchObject({
        LogGroupName: `/aws/lambda/${routeFunctionName('dev', route.name)}`,
        RetentionInDays: 14,
      });
      expect(logGroup.DeletionPolicy).toBe('Delete');
    }
  });

  it('keep their logs a year in prod, and keep them when the stack goes', () => {
    const prodGroups = Object.values(resourcesOfType(prod.template, 'AWS::Logs::LogGroup'));
    expect(prodGroups.length).toBeGreaterThan(routes.length);
    for (const group of prodGroups) {
      expect(group.Properties.RetentionInDays).toBe(365);
      expect(group.DeletionPolicy).toBe('RetainExceptOnCreate');
    }
  });

  it.each([
    ['dev', dev, 'Delete', 14],
    ['prod', prod, 'RetainExceptOnCreate', 365],
  ] as const)(
    'every one in %s, CDK’s handlers included, logs to a log group of the stack that goes (or stays) with it',
    (_stage, { template }, policy, days) => {
      const all = resourcesOfType(template, 'AWS::Lambda::Function');
      const groups = resourcesOfType(template, 'AWS::Logs::LogGroup');
      const groupOf = Object.entries(all).map(([id, fn]) => [
        id,
        groups[fn.Properties.LoggingConfig?.LogGroup?.Ref],
      ]);
      expect(groupOf.filter(([, group]) => group === undefined).map(([id]) => id)).toEqual([]);
      for (const [, group] of groupOf) {
        expect(group).toMatchObject({ DeletionPolicy: policy, Properties: { RetentionInDays: days } });
      }
    },
  );

  it('get the table name in TABLE_NAME', () => {
    const [tableId] = Object.keys(resourcesOfType(dev.template, 'AWS::DynamoDB::Table'));
    for (const route of routes) {
      expect(functionOf(route.name).Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: tableId });
    }
  });

  it('have roles without managed policies that write only to their own log group', () => {
    for (const route of routes) {
      expect(roles[roleIdOf(route.name)]!.Properties.ManagedPolicyArns).toBeUndefined();
      const logStatements = statementsOf(route.name).filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('logs:')),
      );
      expect(logStatements).toEqual([
        expect.objectContaining({
          Resource: { 'Fn::GetAtt': [functionOf(route.name).Properties.LoggingConfig.LogGroup.Ref, 'Arn'] },
        }),
      ]);
    }
  });

  it('gives every catalogue route the catalogue store’s read access, and no other route', () => {
    expect(routes.filter((r) => r.table === catalogueReadAccess).map((r) => r.handler.split('/')[0])).toEqual(
      Array(12).fill('catalogue'),
    );
    expect(
      routes.filter((r) => r.handler.startsWith('catalogue/') && r.table !== catalogueReadAccess),
    ).toEqual([]);
  });
});

describe('bindTable', () => {
  /** A bare API with one route of its own. */
  function apiWithRoute(
    table: TableAccess = [],
    access: 'public' | 'token' = 'public',
    path = routes[0]!.path,
  ) {
    const app = new App({
      context: { 'aws:cdk:bundling-stacks': [] },
      builtinCloudFormationValidation: false,
    });
    const stack = new Stack(app, 'Bare');
    const settings = stageSettings('test', THROWAWAY_STAGE_FILE);
    const tableConstruct = new Table(stack, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
    });
    const route = { ...routes[0]!, name: 'write-something', table, access, path };
    new CommerceRestApi(stack, 'Api', {
      settings,
      table: tableConstruct,
      routes: [route],
      authorizerEnvironment: { JWT_ISSUER: 'https://issuer.example.com', JWT_AUDIENCE: 'bare' },
    });
    return stageTemplate(stack);
  }

  it('grants a route its table access: per grant, its actions on the table or its index, under LeadingKeys', () => {
    const template = apiWithRoute([
      { actions: ['dynamodb:PutItem', 'dynamodb:GetItem'], leadingKeys: ['THING#*'] },
      { index: 'byPosition', actions: ['dynamodb:Query'], leadingKeys: ['LIST#*', 'OTHER'] },
    ]);
    const statements = Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .filter((statement: CfnJson) => actionsOf([statement]).some((a) => a.startsWith('dynamodb:')));
    const [tableId] = Object.keys(resourcesOfType(template, 'AWS::DynamoDB::Table'));
    const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
    const keys = (...leadingKeys: string[]) => ({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys },
    });
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        Resource: tableArn,
        Condition: keys('THING#*'),
      },
      {
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: { 'Fn::Join': ['', [tableArn, '/index/byPosition']] },
        Condition: keys('LIST#*', 'OTHER'),
      },
    ]);
  });

  it('puts a token route behind the authorizer, which gets the environment it was given', () => {
    const template = apiWithRoute([], 'token');
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'GET',
      AuthorizationType: 'CUSTOM',
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: routeFunctionName('test', authorizerFunction.name),
      Environment: { Variables: { JWT_ISSUER: 'https://issuer.example.com', JWT_AUDIENCE: 'bare' } },
    });
  });

  it('puts a token route on a @me path behind the REQUEST authorizer alone, on the same function', () => {
    const template = apiWithRoute([], 'token', '/@me/things');
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      AuthorizerResultTtlInSeconds: 0,
      IdentitySource: Match.absent(),
    });
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { FunctionName: routeFunctionName('test', authorizerFunction.name) },
      1,
    );
    const authorizerPermissions = Object.values(resourcesOfType(template, 'AWS::Lambda::Permission')).filter(
      (permission) => JSON.stringify(permission.Properties.SourceArn).includes('/authorizers/'),
    );
    expect(authorizerPermissions).toHaveLength(1);
  });

  it('makes no authorizer (and no authorizer function) for an API without token routes', () => {
    const template = apiWithRoute([], 'public');
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 0);
    template.resourceCountIs('AWS::Lambda::Function', 1);
  });
});
