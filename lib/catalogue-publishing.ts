import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  Choice,
  Condition,
  Fail,
  type IChainable,
  JsonPath,
  Map as MapState,
  Pass,
  type StateMachine,
  Succeed,
  Wait,
  WaitTime,
} from 'aws-cdk-lib/aws-stepfunctions';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  type AwsSdkCall,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { CATALOGUE_ENV } from '#functions/contracts/environment';
import {
  PUBLISH_ERRORS,
  PUBLISH_STATES,
  PUBLISH_TIMING,
  UPGRADE_START,
} from '#functions/contracts/publish-workflow-contract';
import { catalogueFunctions } from '#functions/function-registry';
import { ApiFunction } from './api-function';
import { CatalogueImportBucket } from './catalogue-import-bucket';
import { LAMBDA_SERVICE_ERRORS, lambdaTask } from './lambda-task';
import { functionEntry } from './project-paths';
import { resourceName, routeFunctionName } from './resource-names';
import { SEARCH_MEMORY_MB } from './search-functions';
import type { StageSettings } from './stage';
import { workflowStateMachine } from './workflow-state-machine';

export interface CataloguePublishingProps {
  readonly settings: StageSettings;
  readonly table: ITable;
}

/**
 * Catalogue publishing (docs/decisions/catalogue-versions.md D48): the import bucket, the task function and the
 * Standard state machine that makes an uploaded file the active catalogue, all or nothing:
 *
 *   lock ─▶ catalogue? ─▶ validate & plan ─▶ write chunks (Map) ─▶ switch ─▶ wait ─▶ remove previous ─▶ done
 *            │ │ stock            ▲  │ any failure ─────────────────────────▶ record failure ─▶ remove the new version ─▶ fail
 *            │ └▶ apply stock ─▶ done                                   a removal that fails ─▶ record it ─▶ fail
 *            └▶ removal (an operator's): remove the version left behind ─▶ record ─▶ done
 *   upgrade: name ─▶ layout older? lock free? ─┘ (else wait and ask again; current: done)
 *
 * The command that starts a publish, stock update or removal claims the lock before its upload
 * (docs/decisions/catalogue-versions.md D79) and the lock step takes over its own claim: a second run is refused at
 * once, by its command or at the lock; an upgrade waits for it. Readers see
 * the old version until the switch and the new one after it; the old one is removed only after
 * the grace period. The deploy starts an upgrade (D73) through a custom resource whose properties
 * hold this code's layout, so it runs when a deploy raises the layout.
 */
export class CataloguePublishing extends Construct {
  readonly importBucket: CatalogueImportBucket;
  readonly publishStep: ApiFunction;
  readonly stateMachine: StateMachine;
  /** Starts the upgrade when it is created or its properties change (docs/decisions/catalogue-versions.md D73). */
  readonly upgradeTrigger: AwsCustomResource;

  constructor(scope: Construct, id: string, props: CataloguePublishingProps) {
    super(scope, id);
    const { settings, table } = props;
    this.importBucket = new CatalogueImportBucket(this, 'ImportBucket', { settings });

    this.publishStep = new ApiFunction(this, 'PublishStep', {
      entry: functionEntry(catalogueFunctions.publishStep.handler),
      functionName: routeFunctionName(settings.stage, catalogueFunctions.publishStep.name),
      description: 'Catalogue publish workflow: lock, validate and plan, write chunks, switch, remove, stock',
      settings,
      timeout: Duration.seconds(PUBLISH_TIMING.taskSeconds),
      // A 100,000-product file and its plan are held in memory while it is validated and laid out.
      memorySize: 3008,
    });
    // Only the actions the store calls, only on catalogue items (never a user, order or job).
    this.publishStep.bindTable(table, catalogueFunctions.publishStep.table);
    this.publishStep.addEnvironment(CATALOGUE_ENV.bucket, this.importBucket.bucket.bucketName);
    this.importBucket.grantPublish(this.publishStep);

    const request = {
      publishId: JsonPath.stringAt('$.publishId'),
      kind: JsonPath.stringAt('$.kind'),
      key: JsonPath.stringAt('$.key'),
    };
    const step = (state: string, payload: Record<string, unknown>, resultPath?: string) => {
      const task = lambdaTask(this, {
        state,
        fn: this.publishStep,
        payload,
        timeoutSeconds: PUBLISH_TIMING.taskSeconds,
        ...(resultPath ? { resultPath } : {}),
      });
      task.addRetry({
        errors: ['States.Timeout', ...LAMBDA_SERVICE_ERRORS],
        interval: Duration.seconds(2),
        backoffRate: 2,
        maxAttempts: 3,
      });
      return task;
    };

    const failed = new Fail(this, PUBLISH_STATES.failed, {
      stateName: PUBLISH_STATES.failed,
      error: 'CataloguePublishFailed',
      cause: 'Nothing of the file was applied; the publish record says why (npm run catalogue -- status).',
    });
    const refused = new Fail(this, PUBLISH_STATES.refused, {
      stateName: PUBLISH_STATES.refused,
      error: PUBLISH_ERRORS.busy,
      cause: 'Another publish or stock update of this stage is running.',
    });
    const removalFailed = new Fail(this, PUBLISH_STATES.removalFailed, {
      stateName: PUBLISH_STATES.removalFailed,
      error: PUBLISH_ERRORS.removalFailed,
      cause:
        'A version was not removed: readers do not see it; its items stay until it is removed ' +
        '(npm run catalogue -- remove VERSION).',
    });
    const published = new Succeed(this, PUBLISH_STATES.published, { stateName: PUBLISH_STATES.published });
    const onFailure = { errors: ['States.ALL'], resultPath: '$.failure' };

    // Every removal ends in "Record removal failed" when it fails after its retries (D73's alarm).
    const recordRemovalFailure = step(
      PUBLISH_STATES.recordRemovalFailure,
      {
        action: 'removal-failed',
        ...request,
        version: JsonPath.stringAt('$.removal.version'),
        error: JsonPath.stringAt('$.failure.Error'),
      },
      JsonPath.DISCARD,
    ).next(removalFailed);
    /** A removal loop: from the start of the version at `versionPath`, a task call after another. */
    const removal = (start: string, state: string, more: string, versionPath: string, then: IChainable) => {
      const remove = step(
        state,
        {
          action: 'remove',
          version: JsonPath.stringAt('$.removal.version'),
          cursor: JsonPath.objectAt('$.removal.cursor'),
        },
        '$.removal',
      );
      remove.addCatch(recordRemovalFailure, onFailure);
      return this.startRemoval(start, versionPath)
        .next(remove)
        .next(
          new Choice(this, more, { stateName: more })
            .when(Condition.booleanEquals('$.removal.more', true), remove)
            .otherwise(then),
        );
    };

    const recordFailure = step(
      PUBLISH_STATES.recordFailure,
      { action: 'fail', ...request, error: JsonPath.stringAt('$.failure.Error') },
      JsonPath.DISCARD,
    ).next(
      removal(
        'Start removing failed version',
        PUBLISH_STATES.removeFailed,
        PUBLISH_STATES.moreFailed,
        '$.publishId',
        failed,
      ),
    );

    const acquire = step(PUBLISH_STATES.acquireLock, { action: 'acquire', ...request });
    acquire.addCatch(refused, { errors: [PUBLISH_ERRORS.busy], resultPath: '$.failure' });
    acquire.addCatch(recordFailure, onFailure);

    const applyStock = step(PUBLISH_STATES.applyStock, { action: 'apply-stock', ...request }, '$.stock');
    applyStock.addCatch(recordFailure, onFailure);

    const plan = step(PUBLISH_STATES.plan, { action: 'plan', ...request }, '$.plan');
    plan.addCatch(recordFailure, onFailure);

    const writeChunks = new MapState(this, PUBLISH_STATES.writeChunks, {
      stateName: PUBLISH_STATES.writeChunks,
      itemsPath: '$.plan.chunks',
      maxConcurrency: PUBLISH_TIMING.chunkConcurrency,
      itemSelector: {
        action: 'write-chunk',
        version: JsonPath.stringAt('$.plan.version'),
        chunk: JsonPath.numberAt('$$.Map.Item.Value'),
      },
      resultPath: JsonPath.DISCARD,
    });
    writeChunks.itemProcessor(
      lambdaTask(this, {
        state: PUBLISH_STATES.writeChunk,
        fn: this.publishStep,
        payload: {
          action: 'write-chunk',
          version: JsonPath.stringAt('$.version'),
          chunk: JsonPath.numberAt('$.chunk'),
        },
        timeoutSeconds: PUBLISH_TIMING.taskSeconds,
      }).addRetry({
        errors: ['States.Timeout', ...LAMBDA_SERVICE_ERRORS],
        interval: Duration.seconds(2),
        backoffRate: 2,
        maxAttempts: 3,
      }),
    );
    writeChunks.addCatch(recordFailure, onFailure);

    const switchVersion = step(PUBLISH_STATES.switchVersion, {
      action: 'switch',
      ...request,
      plan: JsonPath.objectAt('$.plan'),
    });
    switchVersion.addCatch(recordFailure, onFailure);

    const afterSwitch = new Choice(this, PUBLISH_STATES.hasPrevious, {
      stateName: PUBLISH_STATES.hasPrevious,
    })
      .when(
        Condition.isPresent('$.plan.previous'),
        new Wait(this, PUBLISH_STATES.waitForReaders, {
          stateName: PUBLISH_STATES.waitForReaders,
          time: WaitTime.duration(Duration.seconds(PUBLISH_TIMING.graceSeconds)),
        }).next(
          removal(
            'Start removing previous version',
            PUBLISH_STATES.removePrevious,
            PUBLISH_STATES.morePrevious,
            '$.plan.previous',
            published,
          ),
        ),
      )
      .otherwise(published);
    plan.next(writeChunks).next(switchVersion).next(afterSwitch);

    // An operator's removal of a version a failed removal left behind, under the lock.
    const recordRemoval = step(
      PUBLISH_STATES.recordRemoval,
      { action: 'removed', ...request, removal: JsonPath.objectAt('$.removal') },
      JsonPath.DISCARD,
    );
    recordRemoval.addCatch(recordFailure, onFailure);
    const removeLeftover = removal(
      'Start removing version left behind',
      PUBLISH_STATES.removeLeftover,
      PUBLISH_STATES.moreLeftover,
      '$.version',
      recordRemoval.next(published),
    );

    // The upgrade (D73): named after its execution, then the lock, asked again while a publish runs.
    const nameUpgrade = step(
      PUBLISH_STATES.nameUpgrade,
      {
        action: 'name-upgrade',
        execution: JsonPath.stringAt('$$.Execution.Name'),
        startedAt: JsonPath.stringAt('$$.Execution.StartTime'),
      },
      '$',
    );
    const lockForUpgrade = step(
      PUBLISH_STATES.lockForUpgrade,
      { action: 'lock-for-upgrade', ...request },
      '$.upgrade',
    );
    lockForUpgrade.addCatch(recordFailure, onFailure);
    nameUpgrade.next(lockForUpgrade).next(
      new Choice(this, PUBLISH_STATES.upgradeNext, { stateName: PUBLISH_STATES.upgradeNext })
        .when(Condition.stringEquals('$.upgrade.next', 'plan'), plan)
        .when(
          Condition.stringEquals('$.upgrade.next', 'wait'),
          new Wait(this, PUBLISH_STATES.waitForLock, {
            stateName: PUBLISH_STATES.waitForLock,
            time: WaitTime.duration(Duration.seconds(PUBLISH_TIMING.upgradeLockPollSeconds)),
          }).next(lockForUpgrade),
        )
        .otherwise(new Succeed(this, PUBLISH_STATES.upToDate, { stateName: PUBLISH_STATES.upToDate })),
    );

    const definition = new Choice(this, PUBLISH_STATES.isUpgrade, { stateName: PUBLISH_STATES.isUpgrade })
      .when(Condition.stringEquals('$.kind', 'upgrade'), nameUpgrade)
      .otherwise(
        acquire.next(
          new Choice(this, PUBLISH_STATES.whichKind, { stateName: PUBLISH_STATES.whichKind })
            .when(Condition.stringEquals('$.kind', 'stock'), applyStock.next(published))
            .when(Condition.stringEquals('$.kind', 'remove'), removeLeftover)
            .otherwise(plan),
        ),
      );

    this.stateMachine = workflowStateMachine(this, {
      settings,
      what: 'catalogue-publish',
      definition,
      timeout: Duration.seconds(PUBLISH_TIMING.lockSeconds),
    });
    this.upgradeTrigger = this.triggerUpgrades(settings);
  }

  /**
   * The deploy's start of an upgrade (docs/decisions/catalogue-versions.md D73): a custom resource that starts the
   * publish workflow with UPGRADE_START when it is created and whenever its properties change. The
   * code's layout is in its input, so a deploy that raises the layout runs it again, after the
   * task function it needs (the state machine names it, so CloudFormation updates it first); any
   * other deploy leaves it alone. The sandbox starts the same call at every start, read from here
   * (local/catalogue/sandbox-catalogue.ts).
   */
  private triggerUpgrades(settings: StageSettings): AwsCustomResource {
    const start: AwsSdkCall = {
      service: '@aws-sdk/client-sfn',
      action: 'StartExecution',
      parameters: {
        stateMachineArn: this.stateMachine.stateMachineArn,
        input: JSON.stringify(UPGRADE_START),
      },
      physicalResourceId: PhysicalResourceId.fromResponse('executionArn'),
    };
    const functionName = resourceName(settings.stage, 'catalogue-upgrade-trigger');
    // Its provider function's log group, kept and removed like every other of the stage's.
    const logGroup = new LogGroup(this, 'UpgradeTriggerLogs', {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    // A role of its own rather than the managed basic execution role: it may write its own log
    // group and start this state machine (the policy below), nothing else.
    const role = new Role(this, 'UpgradeTriggerRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Starts the catalogue upgrade after a deploy (docs/decisions/catalogue-versions.md D73)',
    });
    logGroup.grantWrite(role);
    const trigger = new AwsCustomResource(this, 'UpgradeTrigger', {
      resourceType: 'Custom::CatalogueUpgrade',
      onCreate: start,
      onUpdate: start,
      role,
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [this.stateMachine.stateMachineArn] }),
      // The runtime's own SDK: no download from npm in the middle of a deploy.
      installLatestAwsSdk: false,
      logGroup,
      functionName,
    });
    trigger.node.addDependency(this.publishStep);
    return trigger;
  }

  /**
   * A function that searches the catalogue: where the snapshots are, the right to read them, and
   * the memory its in-memory search is measured with (docs/decisions/search-engine.md D69).
   */
  addSearchReader(fn: ApiFunction): void {
    (fn.node.defaultChild as CfnFunction).memorySize = SEARCH_MEMORY_MB;
    fn.addEnvironment(CATALOGUE_ENV.bucket, this.importBucket.bucket.bucketName);
    this.importBucket.grantSearchRead(fn);
  }

  /**
   * Sets the removal's version and its cursor to the start, so the removal task's input is the
   * same on its first call and after (its answer carries both on).
   */
  private startRemoval(name: string, versionPath: string) {
    return new Pass(this, name, {
      stateName: name,
      parameters: { version: JsonPath.stringAt(versionPath), cursor: { file: 1, item: 0 } },
      resultPath: '$.removal',
    });
  }
}
