import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  Choice,
  Condition,
  Fail,
  JitterType,
  JsonPath,
  type StateMachine,
  Succeed,
} from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { REPORT_ENV, WEBHOOK_ENV } from '#functions/contracts/environment';
import { LAYER_FONTS_ROOT } from '#functions/contracts/report-fonts';
import {
  CALLBACK_RETRY,
  GENERATE_RETRY,
  GENERATE_THROTTLED_RETRY,
  REPORT_ERRORS,
  REPORT_STATES,
  TASK_TIMEOUTS,
} from '#functions/contracts/report-workflow-contract';
import { type FunctionSpec, reportFunctions } from '#functions/function-registry';
import { ApiFunction } from './api-function';
import { LAMBDA_SERVICE_ERRORS, LAMBDA_THROTTLED, lambdaTask } from './lambda-task';
import { functionEntry } from './project-paths';
import { ReportBucket } from './report-bucket';
import { reportFontsLayer } from './report-fonts-layer';
import { resourceName, routeFunctionName } from './resource-names';
import type { StageSettings } from './stage';
import { workflowStateMachine } from './workflow-state-machine';

export interface ReportWorkflowProps {
  readonly settings: StageSettings;
  readonly table: ITable;
}

/**
 * Asynchronous PDF reports (docs/decisions/report-export.md D5, docs/decisions/report-export.md D6): the bucket of PDFs, the key
 * the callers' signing secrets are derived from (D60), the three task functions and the Standard
 * state machine that runs them:
 *
 *   Generate report ──▶ Mark report completed ──▶ Callback requested? ──▶ Send callback ──▶ Done
 *         │ (catch)               │ (catch)                 │ no                │ (catch, after retries)
 *         ▼                       ▼                         ▼                   ▼
 *   Mark report failed ──▶ Report failed                   Done     Record notification not delivered ──▶ Done
 *
 * Generation writes the PDF to S3 itself (a 100,000-order PDF is far above the 256 KB a state
 * may pass on). Every task has a timeout equal to its function's. The callback's retries span
 * hours (CALLBACK_RETRY); giving up records that the partner was not notified, and the report
 * stays available. State names come from `report-workflow-contract.ts`, which the sandbox reads too.
 */
export class ReportWorkflow extends Construct {
  readonly bucket: ReportBucket;
  readonly webhookKey: Secret;
  readonly stateMachine: StateMachine;
  readonly generator: ApiFunction;
  readonly stateRecorder: ApiFunction;
  readonly callbackSender: ApiFunction;

  constructor(scope: Construct, id: string, props: ReportWorkflowProps) {
    super(scope, id);
    const { settings, table } = props;

    this.bucket = new ReportBucket(this, 'Bucket', { settings });

    // The stage key every caller's webhook secret is derived from (docs/decisions/report-export.md D60): 64
    // letters and digits, about 380 bits. Nobody is given it; each caller gets its own secrets.
    this.webhookKey = new Secret(this, 'WebhookKey', {
      secretName: resourceName(settings.stage, 'webhook-key'),
      description: `Key the ${settings.stage} callers' report-callback signing secrets are derived from; never shared`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.webhookKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Every caller's webhook secret is derived from this key, so changing it would invalidate every " +
        "partner's secret at once. Rotation is per caller, through the API (POST and DELETE " +
        '/@me/webhook-secrets, with an overlap in which callbacks carry both signatures); docs/decisions/report-export.md D60.',
    });

    this.generator = this.taskFunction('Generator', reportFunctions.generate, settings, {
      timeoutSeconds: TASK_TIMEOUTS.generate,
      // 100,000 orders peak near 300 MB while the PDF is written; more memory also means more CPU.
      memorySize: 1769,
      description: 'Report workflow: reads the orders of the range and writes their PDF to S3',
      // From the stage file: a burst of reports cannot take the account's concurrency from the API.
      reservedConcurrency: settings.reportGeneratorConcurrency,
    });
    this.generator.bindTable(table, reportFunctions.generate.table);
    this.generator.addEnvironment(REPORT_ENV.bucket, this.bucket.bucket.bucketName);
    // Fonts and text engine for text beyond the standard fonts, read only then (docs/decisions/report-export.md D102).
    this.generator.addLayers(reportFontsLayer(this, 'ReportFonts', settings));
    this.generator.addEnvironment(REPORT_ENV.fontsRoot, LAYER_FONTS_ROOT);
    this.bucket.grantWriteReports(this.generator);

    this.stateRecorder = this.taskFunction('StateRecorder', reportFunctions.recordState, settings, {
      timeoutSeconds: TASK_TIMEOUTS.record,
      description: "Report workflow: records a report's outcome (completed, failed, not notified)",
    });
    this.stateRecorder.bindTable(table, reportFunctions.recordState.table);

    this.callbackSender = this.taskFunction('CallbackSender', reportFunctions.sendCallback, settings, {
      timeoutSeconds: TASK_TIMEOUTS.callback,
      description: "Report workflow: POSTs the signed completion callback to the partner's URL",
    });
    this.callbackSender.bindTable(table, reportFunctions.sendCallback.table);
    this.addWebhookKeyReader(this.callbackSender);

    const reportId = JsonPath.stringAt('$.reportId');
    // Each task's result lands beside the input (`reportId` flows on), or is dropped.
    const task = (
      state: string,
      fn: IFunction,
      payload: Record<string, unknown>,
      timeoutSeconds: number,
      resultPath?: string,
    ) => lambdaTask(this, { state, fn, payload, timeoutSeconds, ...(resultPath ? { resultPath } : {}) });

    const generate = task(
      REPORT_STATES.generate,
      this.generator,
      { reportId },
      TASK_TIMEOUTS.generate,
      '$.report',
    );
    // First, as the first matching retrier applies: a generation refused for want of concurrency
    // (the reservation is full) waits its turn.
    generate.addRetry({
      errors: [LAMBDA_THROTTLED],
      interval: Duration.seconds(GENERATE_THROTTLED_RETRY.intervalSeconds),
      backoffRate: GENERATE_THROTTLED_RETRY.backoffRate,
      maxAttempts: GENERATE_THROTTLED_RETRY.maxRetries,
      jitterStrategy: JitterType.FULL,
    });
    generate.addRetry({
      errors: [REPORT_ERRORS.storageFailed, ...LAMBDA_SERVICE_ERRORS],
      interval: Duration.seconds(GENERATE_RETRY.intervalSeconds),
      backoffRate: GENERATE_RETRY.backoffRate,
      maxAttempts: GENERATE_RETRY.maxRetries,
    });

    const markCompleted = task(
      REPORT_STATES.markCompleted,
      this.stateRecorder,
      { reportId, outcome: 'COMPLETED', bytes: JsonPath.numberAt('$.report.bytes') },
      TASK_TIMEOUTS.record,
      '$.recorded',
    );
    const markFailed = task(
      REPORT_STATES.markFailed,
      this.stateRecorder,
      { reportId, outcome: 'FAILED', error: JsonPath.stringAt('$.failure.Error') },
      TASK_TIMEOUTS.record,
    );
    const sendCallback = task(
      REPORT_STATES.sendCallback,
      this.callbackSender,
      { reportId },
      TASK_TIMEOUTS.callback,
    );
    const recordNotDelivered = task(
      REPORT_STATES.recordNotDelivered,
      this.stateRecorder,
      { reportId, outcome: 'NOTIFICATION_FAILED', error: JsonPath.stringAt('$.failure.Error') },
      TASK_TIMEOUTS.record,
    );
    for (const recorder of [markCompleted, markFailed, recordNotDelivered]) {
      recorder.addRetry({
        errors: ['States.Timeout', ...LAMBDA_SERVICE_ERRORS],
        interval: Duration.seconds(1),
        backoffRate: 2,
        maxAttempts: 3,
      });
    }
    // Only what a later attempt can cure: the partner's refusal or silence, and Lambda's own errors.
    // Anything else (no callback stored, a crash of our code) goes straight to the catch.
    sendCallback.addRetry({
      errors: [REPORT_ERRORS.callbackNotDelivered, 'States.Timeout', ...LAMBDA_SERVICE_ERRORS],
      interval: Duration.seconds(CALLBACK_RETRY.intervalSeconds),
      backoffRate: CALLBACK_RETRY.backoffRate,
      maxAttempts: CALLBACK_RETRY.maxRetries,
    });

    const done = new Succeed(this, REPORT_STATES.done, { stateName: REPORT_STATES.done });
    const failed = new Fail(this, REPORT_STATES.failed, {
      stateName: REPORT_STATES.failed,
      error: 'ReportFailed',
      cause: 'The report could not be produced; the job records why.',
    });

    generate.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.failure' });
    markCompleted.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.failure' });
    sendCallback.addCatch(recordNotDelivered, { errors: ['States.ALL'], resultPath: '$.failure' });
    markFailed.next(failed);
    recordNotDelivered.next(done);

    const definition = generate
      .next(markCompleted)
      .next(
        new Choice(this, REPORT_STATES.callbackRequested, { stateName: REPORT_STATES.callbackRequested })
          .when(Condition.booleanEquals('$.recorded.callback', true), sendCallback.next(done))
          .otherwise(done),
      );

    this.stateMachine = workflowStateMachine(this, {
      settings,
      what: 'reports',
      definition,
      // Callback retries alone may take 4 h 15 min; a day bounds any execution.
      timeout: Duration.hours(24),
    });
  }

  /** Lets a function start executions (POST /orders/reports) and tells it which state machine. */
  addStarter(fn: ApiFunction): void {
    fn.addEnvironment(REPORT_ENV.stateMachineArn, this.stateMachine.stateMachineArn);
    this.stateMachine.grantStartExecution(fn);
  }

  /**
   * Lets a function derive the callers' webhook secrets (the callback sender, and POST
   * /@me/webhook-secrets): the key's ARN in its environment, never its value, and read access to it.
   */
  addWebhookKeyReader(fn: ApiFunction): void {
    fn.addEnvironment(WEBHOOK_ENV.keySecretId, this.webhookKey.secretArn);
    this.webhookKey.grantRead(fn);
  }

  /** Lets a function read the PDFs and pre-sign their URLs (GET /orders/reports/{report_id}). */
  addReader(fn: ApiFunction): void {
    fn.addEnvironment(REPORT_ENV.bucket, this.bucket.bucket.bucketName);
    this.bucket.grantReadReports(fn);
  }

  private taskFunction(
    id: string,
    spec: FunctionSpec,
    settings: StageSettings,
    options: {
      timeoutSeconds: number;
      description: string;
      memorySize?: number;
      reservedConcurrency?: number | undefined;
    },
  ): ApiFunction {
    return new ApiFunction(this, id, {
      entry: functionEntry(spec.handler),
      functionName: routeFunctionName(settings.stage, spec.name),
      description: options.description,
      settings,
      timeout: Duration.seconds(options.timeoutSeconds),
      ...(options.memorySize ? { memorySize: options.memorySize } : {}),
      ...(options.reservedConcurrency ? { reservedConcurrentExecutions: options.reservedConcurrency } : {}),
    });
  }
}
