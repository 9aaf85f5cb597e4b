import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, type AppProps, CfnOutput, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { AccountSetupStack } from './account-setup-stack';
import { CommerceRestApi, DEFAULT_THROTTLE, type Throttle } from './api/rest-api';
import { BatchQueue } from './batch-queue';
import { CataloguePublishing } from './catalogue-publishing';
import { type ExternalIssuer, externalIssuerFromContext, Identity } from './identity';
import { Operations } from './operations/operations';
import { OrderEvents } from './order-events';
import { projectRoot } from './project-paths';
import { ReportWorkflow } from './report-workflow';
import { SEARCH_ROUTES } from './search-functions';
import { DEFAULT_STAGE, stageSettings, validateStage } from './stage';
import { CommerceTable } from './storage';

export interface CommerceApiStackProps extends StackProps {
  readonly stage: string;
  /** Stage-wide API throttling; defaults to rate 100/s, burst 200. */
  readonly throttle?: Throttle;
  /** Trust this OIDC issuer instead of making a Cognito user pool for the stage. */
  readonly externalIssuer?: ExternalIssuer;
}

/** The route whose function sends batch chunks to the queue. */
export const BATCH_SENDER_ROUTE = 'create-batch';
/** The route that starts report executions, and the one that serves the PDFs. */
export const REPORT_STARTER_ROUTE = 'create-report';
export const REPORT_READER_ROUTE = 'get-report';
export { SEARCH_ROUTES } from './search-functions';

/** One isolated copy of the service: its table, its token issuer (or its trust of one), its functions and its API. */
export class CommerceApiStack extends Stack {
  readonly stage: string;
  readonly storage: CommerceTable;
  readonly identity: Identity;
  readonly api: CommerceRestApi;
  readonly batches: BatchQueue;
  readonly reports: ReportWorkflow;
  readonly catalogue: CataloguePublishing;
  readonly orderEvents: OrderEvents;
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: CommerceApiStackProps) {
    const settings = stageSettings(props.stage);
    super(scope, id, {
      description: `Commerce API, stage ${settings.stage}`,
      terminationProtection: settings.isProd,
      ...props,
    });
    this.stage = settings.stage;
    Tags.of(this).add('project', 'commerce-api');
    Tags.of(this).add('stage', settings.stage);

    this.storage = new CommerceTable(this, 'Storage', { settings });
    this.identity = new Identity(this, 'Identity', {
      settings,
      table: this.storage.table,
      ...(props.externalIssuer ? { externalIssuer: props.externalIssuer } : {}),
    });
    this.api = new CommerceRestApi(this, 'Api', {
      settings,
      table: this.storage.table,
      throttle: props.throttle ?? DEFAULT_THROTTLE,
      authorizerEnvironment: this.identity.authorizerEnvironment,
    });
    this.batches = new BatchQueue(this, 'Batches', { settings, table: this.storage.table });
    // Only the function behind POST /orders/batches sends to the queue.
    this.batches.addSender(this.api.functionFor(BATCH_SENDER_ROUTE));
    this.reports = new ReportWorkflow(this, 'Reports', { settings, table: this.storage.table });
    this.reports.addStarter(this.api.functionFor(REPORT_STARTER_ROUTE));
    this.reports.addReader(this.api.functionFor(REPORT_READER_ROUTE));
    this.catalogue = new CataloguePublishing(this, 'Catalogue', { settings, table: this.storage.table });
    for (const route of SEARCH_ROUTES) this.catalogue.addSearchReader(this.api.functionFor(route));
    this.orderEvents = new OrderEvents(this, 'OrderEvents', { settings, table: this.storage.table });
    // Last: it finds every function of the stack, for their metrics' stage and their alarms.
    this.operations = new Operations(this, 'Operations', {
      settings,
      api: this.api,
      batches: this.batches,
      reports: this.reports,
    });
    this.orderEvents.operate(this.operations);

    new CfnOutput(this, 'ApiBaseUrl', {
      description: 'Base URL of the versioned API',
      value: this.api.restApi.urlForPath('/v1'),
    });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'BatchQueueUrl', { value: this.batches.queue.queueUrl });
    new CfnOutput(this, 'BatchDeadLetterQueueUrl', {
      description: 'Dead-letter queue of the order batches (drained by the dead-letter recorder)',
      value: this.batches.deadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'EventBusName', {
      description: 'Event bus that order and user events are sent to (docs/events.md)',
      value: this.orderEvents.bus.eventBusName,
    });
    new CfnOutput(this, 'EventsDeadLetterQueueUrl', {
      description: 'Dead-letter queue of the refused order and user events',
      value: this.orderEvents.deadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'ReportStateMachineArn', { value: this.reports.stateMachine.stateMachineArn });
    new CfnOutput(this, 'ReportBucketName', { value: this.reports.bucket.bucket.bucketName });
    new CfnOutput(this, 'WebhookSecretArn', {
      description: 'Signing secret of the report callbacks; partners verify with whsec_<its value>',
      value: this.reports.webhookSecret.secretArn,
    });
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
  }
}

export const stackName = (stage: string): string => `CommerceApi-${stage}`;

/** Reads a positive number from context; CLI context (`-c throttleRate=50`) arrives as a string. */
function positiveNumberFromContext(app: Construct, key: string): number | undefined {
  const raw: unknown = app.node.tryGetContext(key);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`Context ${key} must be a positive number, got ${JSON.stringify(raw)}.`);
  }
  return value;
}

/** Throttle from context `throttleRate` / `throttleBurst`, each defaulting on its own. */
export function throttleFromContext(app: Construct): Throttle {
  return {
    rateLimit: positiveNumberFromContext(app, 'throttleRate') ?? DEFAULT_THROTTLE.rateLimit,
    burstLimit: positiveNumberFromContext(app, 'throttleBurst') ?? DEFAULT_THROTTLE.burstLimit,
  };
}

/**
 * Adds the stack of one stage to an app. The stage comes from `options.stage`, else from
 * context `stage` (`cdk synth -c stage=prod`), else `dev`; throttling and an external token
 * issuer (`-c issuer=https://… -c audience=…`, see `externalIssuerFromContext`) from context.
 */
export function addCommerceApi(app: App, options: { stage?: string } = {}): CommerceApiStack {
  const stage = validateStage(options.stage ?? app.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  const externalIssuer = externalIssuerFromContext(app);
  return new CommerceApiStack(app, stackName(stage), {
    stage,
    throttle: throttleFromContext(app),
    ...(externalIssuer ? { externalIssuer } : {}),
  });
}

/**
 * Adds to an app what `cdk deploy -c setup=account` deploys: the account setup stack, once per
 * account and region (lib/account-setup-stack.ts); otherwise the stage's stack.
 */
export function addStacks(app: App): Stack {
  return app.node.tryGetContext('setup') === 'account' ? new AccountSetupStack(app) : addCommerceApi(app);
}

export interface CreateCommerceApiOptions {
  readonly stage?: string;
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
  const stack = addCommerceApi(app, options.stage === undefined ? {} : { stage: options.stage });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
