import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  Annotations,
  App,
  type AppProps,
  AspectPriority,
  Aspects,
  CfnOutput,
  NestedStack,
  Stack,
  type StackProps,
  Tags,
  Validations,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { Route } from '#functions/routes';
import { AccountSetupStack } from './account-setup-stack';
import { CommerceRestApi } from './api/rest-api';
import { BatchQueue } from './batch-queue';
import { CataloguePublishing } from './catalogue-publishing';
import { HandlerLogGroups } from './handler-log-groups';
import { Identity } from './identity';
import { Operations } from './operations/operations';
import { OrderEvents } from './order-events';
import { projectRoot } from './project-paths';
import { ReportWorkflow } from './report-workflow';
import { stackName } from './resource-names';
import { SEARCH_ROUTES } from './search-functions';
import { SmokeRole } from './smoke-role';
import { DEFAULT_STAGE, type StageSettings, stageSettings, validateStage } from './stage';
import { readStageFile, STAGES_DIR, type StageFile } from './stage-file';
import { withContextOverrides } from './stage-overrides';
import { StagePreflight } from './stage-preflight-resource';
import { CommerceTable } from './storage';

export interface CommerceApiStackProps extends StackProps {
  /** The stage's settings, from its stage file (lib/stage-file.ts). */
  readonly settings: StageSettings;
  /** The route table; `functions/routes.ts` unless a test measures another (docs/decisions/functions-and-bundles.md D55). */
  readonly routes?: readonly Route[];
}

/** The route whose function sends batch chunks to the queue. */
export const BATCH_SENDER_ROUTE = 'create-batch';
/** The route that starts report executions, and the one that serves the PDFs. */
export const REPORT_STARTER_ROUTE = 'create-report';
export const REPORT_READER_ROUTE = 'get-report';
export { SEARCH_ROUTES } from './search-functions';

/** The route that makes a caller's webhook secret, and shows it once. */
export const WEBHOOK_SECRET_ROUTE = 'create-webhook-secret';

/** One isolated copy of the service: its table, its token issuer (or its trust of one), its functions and its API. */
export class CommerceApiStack extends Stack {
  readonly stage: string;
  readonly preflight: StagePreflight;
  readonly storage: CommerceTable;
  readonly identity: Identity;
  readonly api: CommerceRestApi;
  readonly batches: BatchQueue;
  readonly reports: ReportWorkflow;
  readonly catalogue: CataloguePublishing;
  readonly orderEvents: OrderEvents;
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: CommerceApiStackProps) {
    const { settings, routes, ...stackProps } = props;
    super(scope, id, {
      description: `Commerce API, stage ${settings.stage}`,
      terminationProtection: settings.isProtected,
      // Pinned when the stage file names them (always for a protected stage): a deploy with
      // another account's credentials, or to another region, fails before it starts.
      ...(settings.env ? { env: settings.env } : {}),
      ...stackProps,
    });
    this.stage = settings.stage;
    Tags.of(this).add('project', 'commerce-api');
    Tags.of(this).add('stage', settings.stage);
    // Before anything else of the stage: checks the account, and lets a protected stage's failed
    // first create be deployed again (docs/decisions/stages-and-deploys.md D75).
    this.preflight = new StagePreflight(this, 'Preflight', { settings });
    Aspects.of(this).add(new HandlerLogGroups(settings), { priority: AspectPriority.MUTATING });

    this.storage = new CommerceTable(this, 'Storage', { settings });
    this.identity = new Identity(this, 'Identity', { settings, table: this.storage.table });
    this.api = new CommerceRestApi(this, 'Api', {
      settings,
      table: this.storage.table,
      authorizerEnvironment: this.identity.authorizerEnvironment,
      ...(routes ? { routes } : {}),
    });
    // Each area's resources in a nested stack of its own, so the stage's stack keeps room for
    // routes (docs/decisions/functions-and-bundles.md D55); the sandbox builds the same constructs in a stack of its own.
    const nested = (id: string, what: string) =>
      new NestedStack(this, id, { description: `Commerce API, stage ${settings.stage}: ${what}` });
    this.batches = new BatchQueue(nested('BatchesStack', 'order batches'), 'Batches', {
      settings,
      table: this.storage.table,
    });
    // Only the function behind POST /orders/batches sends to the queue.
    this.batches.addSender(this.api.functionFor(BATCH_SENDER_ROUTE));
    this.reports = new ReportWorkflow(nested('ReportsStack', 'report workflow'), 'Reports', {
      settings,
      table: this.storage.table,
    });
    this.reports.addStarter(this.api.functionFor(REPORT_STARTER_ROUTE));
    this.reports.addReader(this.api.functionFor(REPORT_READER_ROUTE));
    // Each caller's webhook secrets are derived from the stage key (docs/decisions/report-export.md D60).
    this.reports.addWebhookKeyReader(this.api.functionFor(WEBHOOK_SECRET_ROUTE));
    this.catalogue = new CataloguePublishing(nested('CatalogueStack', 'catalogue publishing'), 'Catalogue', {
      settings,
      table: this.storage.table,
    });
    for (const route of SEARCH_ROUTES) this.catalogue.addSearchReader(this.api.functionFor(route));
    this.orderEvents = new OrderEvents(nested('OrderEventsStack', 'order and user events'), 'OrderEvents', {
      settings,
      table: this.storage.table,
    });
    // Last: it finds every function of the stack, for their metrics' stage and their alarms.
    this.operations = new Operations(this, 'Operations', {
      settings,
      api: this.api,
      batches: this.batches,
      reports: this.reports,
      catalogue: this.catalogue,
    });
    this.orderEvents.operate(this.operations);

    new CfnOutput(this, 'ApiBaseUrl', {
      description: 'Base URL of the versioned API',
      value: this.api.restApi.urlForPath('/v1'),
    });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'CatalogueImportBucket', {
      value: this.catalogue.importBucket.bucket.bucketName,
      description: 'Where `npm run catalogue -- publish` uploads catalogue and stock files',
    });
    new CfnOutput(this, 'CataloguePublishStateMachine', {
      value: this.catalogue.stateMachine.stateMachineArn,
      description: 'The catalogue publish workflow that `npm run catalogue` starts',
    });
    new CfnOutput(this, 'BatchQueueUrl', { value: this.batches.queue.queueUrl });
    new CfnOutput(this, 'BatchDeadLetterQueueUrl', {
      description: 'Dead-letter queue of the order batches (drained by the dead-letter recorder)',
      value: this.batches.deadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'EventBusName', {
      description: 'Event bus that order and user events are sent to (docs/events.md)',
      value: this.orderEvents.bus.eventBusName,
    });
    new CfnOutput(this, 'EventsQueueUrl', {
      description:
        'Queue of the order and user events, where `npm run events -- redrive` sends dead letters back',
      value: this.orderEvents.queue.queueUrl,
    });
    new CfnOutput(this, 'EventsDeadLetterQueueUrl', {
      description:
        'Dead-letter queue of the refused order and user events (`npm run events -- dead-letters`)',
      value: this.orderEvents.deadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'ReportStateMachineArn', { value: this.reports.stateMachine.stateMachineArn });
    new CfnOutput(this, 'ReportBucketName', { value: this.reports.bucket.bucket.bucketName });
    new CfnOutput(this, 'AlarmTopicArn', {
      description: 'SNS topic every alarm of the stage notifies: subscribe to it once (e-mail, chat, paging)',
      value: this.operations.topic.topicArn,
    });
    new CfnOutput(this, 'DashboardName', {
      description: 'CloudWatch dashboard of the stage',
      value: this.operations.dashboard.dashboardName,
    });
    new CfnOutput(this, 'TokenIssuer', {
      description: 'Issuer (iss) of the access tokens the API accepts',
      value: this.identity.issuer,
    });
    if (this.identity.userPool && this.identity.userPoolClient) {
      new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
      new CfnOutput(this, 'UserPoolClientId', {
        description: 'App client to sign in with (SRP), the client_id of the access tokens',
        value: this.identity.userPoolClient.userPoolClientId,
      });
    }
    // What `npm run smoke` reads besides the API's URL (docs/decisions/stages-and-deploys.md D74).
    const smoke = new SmokeRole(this, 'Smoke', {
      settings,
      table: this.storage.table,
      reportBucket: this.reports.bucket,
      ...(this.identity.userPool ? { userPool: this.identity.userPool } : {}),
    });
    new CfnOutput(this, 'SmokeRoleArn', {
      description: 'Role npm run smoke assumes for its temporary user and its cleanup',
      value: smoke.role.roleArn,
    });
    new CfnOutput(this, 'StageProtected', {
      description: 'Whether the stage is protected: npm run smoke then writes nothing without --write',
      value: String(settings.isProtected),
    });
  }
}

export { stackName } from './resource-names';

export interface StageOptions {
  /** The stage; else context `stage` (`cdk synth -c stage=prod`); else `dev`. */
  readonly stage?: string;
  /** Where the stage files are; `stages/` of the project by default. */
  readonly stagesDir?: string;
  /** The stage file's content itself, instead of reading it (tests, throwaway stacks). */
  readonly stageFile?: StageFile;
  /** Another route table than `functions/routes.ts` (the infra test of the resource budget). */
  readonly routes?: readonly Route[];
}

/**
 * Adds the stack of one stage to an app, built from the stage's file (`stages/<stage>.json`,
 * refused when missing or invalid). On an unprotected stage, context flags may override the
 * token issuer and the throttle for a one-off synth (lib/stage-overrides.ts), with a warning.
 */
export function addCommerceApi(app: App, options: StageOptions = {}): CommerceApiStack {
  const stage = validateStage(options.stage ?? app.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  const dir = options.stagesDir ?? STAGES_DIR;
  const { file, overridden } = withContextOverrides(
    app,
    stage,
    options.stageFile ?? readStageFile(stage, dir),
  );
  const stack = new CommerceApiStack(app, stackName(stage), {
    settings: stageSettings(stage, file),
    ...(options.routes ? { routes: options.routes } : {}),
  });
  if (overridden.length > 0) {
    Annotations.of(stack).addWarningV2(
      'commerce-api:stage-override',
      `-c ${overridden.join(', ')} override${overridden.length === 1 ? 's' : ''} the stage file for this ` +
        'synth only: a deploy without the flags builds the stage from its file.',
    );
  }
  return stack;
}

/**
 * Adds to an app what `cdk deploy -c setup=account` deploys: the account setup stack, once per
 * account and region (lib/account-setup-stack.ts); otherwise the stage's stack.
 */
export function addStacks(app: App): Stack {
  return app.node.tryGetContext('setup') === 'account' ? new AccountSetupStack(app) : addCommerceApi(app);
}

export interface CreateCommerceApiOptions extends StageOptions {
  /** Run esbuild for every function. Off (default) for tests, which only read the templates. */
  readonly bundling?: boolean;
  /** Register the cdk-nag AwsSolutions checks, as the CDK app does. */
  readonly nag?: boolean;
  /** Extra context, e.g. `throttleRate`, or `issuer` and `audience` for an external token issuer. */
  readonly context?: Record<string, unknown>;
  /** Passed to `App`, e.g. `builtinCloudFormationValidation: false` for fast tests. */
  readonly appProps?: Omit<AppProps, 'context'>;
}

/** The feature flags of cdk.json, so an in-process app synthesizes what `cdk synth` would. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/**
 * Builds the whole app in-process, as `cdk synth` would, for the infrastructure tests and the
 * sandbox's parity tests. The sandbox itself builds only the constructs it reads (the table, the
 * report workflow beside its table), which is faster than the whole stack.
 */
export function createCommerceApi(options: CreateCommerceApiOptions = {}): {
  app: App;
  stack: CommerceApiStack;
} {
  const app = new App({
    ...options.appProps,
    context: {
      ...cdkJsonContext(),
      ...options.context,
      ...(options.bundling ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  });
  const { stage, stagesDir, stageFile, routes } = options;
  const stack = addCommerceApi(app, {
    ...(stage === undefined ? {} : { stage }),
    ...(stagesDir === undefined ? {} : { stagesDir }),
    ...(stageFile === undefined ? {} : { stageFile }),
    ...(routes === undefined ? {} : { routes }),
  });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
