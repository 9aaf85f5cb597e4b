import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import {
  Choice,
  Condition,
  Fail,
  JsonPath,
  Map as MapState,
  Pass,
  Result,
  type StateMachine,
  Succeed,
  Wait,
  WaitTime,
} from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import {
  PUBLISH_ERRORS,
  PUBLISH_STATES,
  PUBLISH_TIMING,
} from '../functions/catalogue/domain/catalogue-publishing';
import { CATALOGUE_ENV } from '../functions/commons/environment';
import { catalogueFunctions } from '../functions/routes';
import { ApiFunction } from './api-function';
import { CatalogueImportBucket } from './catalogue-import-bucket';
import { LAMBDA_SERVICE_ERRORS, lambdaTask } from './lambda-task';
import { functionEntry } from './project-paths';
import { routeFunctionName } from './resource-names';
import { SEARCH_MEMORY_MB } from './search-functions';
import type { StageSettings } from './stage';
import { workflowStateMachine } from './workflow-state-machine';

export interface CataloguePublishingProps {
  readonly settings: StageSettings;
  readonly table: ITable;
}

/**
 * Catalogue publishing (docs/design.md D48): the import bucket, the task function and the
 * Standard state machine that makes an uploaded file the active catalogue, all or nothing:
 *
 *   lock ─▶ catalogue? ─▶ validate & plan ─▶ write chunks (Map) ─▶ switch ─▶ wait ─▶ remove previous ─▶ done
 *             │ stock                │ any failure ─────────────────────────────▶ record failure ─▶ remove the new version ─▶ fail
 *             └▶ apply stock ─▶ done
 *
 * A second publish while one runs is refused at the lock. Readers see the old version until the
 * switch and the new one after it; the old one is removed only after the grace period.
 */
export class CataloguePublishing extends Construct {
  readonly importBucket: CatalogueImportBucket;
  readonly publishStep: ApiFunction;
  readonly stateMachine: StateMachine;

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
    const published = new Succeed(this, PUBLISH_STATES.published, { stateName: PUBLISH_STATES.published });

    const removeFailed = step(
      PUBLISH_STATES.removeFailed,
      {
        action: 'remove',
        version: JsonPath.stringAt('$.publishId'),
        cursor: JsonPath.objectAt('$.removal.cursor'),
      },
      '$.removal',
    );
    const recordFailure = step(
      PUBLISH_STATES.recordFailure,
      { action: 'fail', ...request, error: JsonPath.stringAt('$.failure.Error') },
      JsonPath.DISCARD,
    )
      .next(this.startRemoval('Start removing failed version'))
      .next(removeFailed)
      .next(
        new Choice(this, PUBLISH_STATES.moreFailed, { stateName: PUBLISH_STATES.moreFailed })
          .when(Condition.booleanEquals('$.removal.more', true), removeFailed)
          .otherwise(failed),
      );
    const onFailure = { errors: ['States.ALL'], resultPath: '$.failure' };

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

    const removePrevious = step(
      PUBLISH_STATES.removePrevious,
      {
        action: 'remove',
        version: JsonPath.stringAt('$.plan.previous'),
        cursor: JsonPath.objectAt('$.removal.cursor'),
      },
      '$.removal',
    );
    const afterSwitch = new Choice(this, PUBLISH_STATES.hasPrevious, {
      stateName: PUBLISH_STATES.hasPrevious,
    })
      .when(
        Condition.isPresent('$.plan.previous'),
        new Wait(this, PUBLISH_STATES.waitForReaders, {
          stateName: PUBLISH_STATES.waitForReaders,
          time: WaitTime.duration(Duration.seconds(PUBLISH_TIMING.graceSeconds)),
        })
          .next(this.startRemoval('Start removing previous version'))
          .next(removePrevious)
          .next(
            new Choice(this, PUBLISH_STATES.morePrevious, { stateName: PUBLISH_STATES.morePrevious })
              .when(Condition.booleanEquals('$.removal.more', true), removePrevious)
              .otherwise(published),
          ),
      )
      .otherwise(published);

    const definition = acquire.next(
      new Choice(this, PUBLISH_STATES.whichKind, { stateName: PUBLISH_STATES.whichKind })
        .when(Condition.stringEquals('$.kind', 'stock'), applyStock.next(published))
        .otherwise(plan.next(writeChunks).next(switchVersion).next(afterSwitch)),
    );

    this.stateMachine = workflowStateMachine(this, {
      settings,
      what: 'catalogue-publish',
      definition,
      timeout: Duration.seconds(PUBLISH_TIMING.lockSeconds),
    });
  }

  /**
   * A function that searches the catalogue: where the snapshots are, the right to read them, and
   * the memory its in-memory search is measured with (docs/design.md D69).
   */
  addSearchReader(fn: ApiFunction): void {
    (fn.node.defaultChild as CfnFunction).memorySize = SEARCH_MEMORY_MB;
    fn.addEnvironment(CATALOGUE_ENV.bucket, this.importBucket.bucket.bucketName);
    this.importBucket.grantSearchRead(fn);
  }

  /** Sets the removal cursor to the start, so the removal task's input is the same on its first call and after. */
  private startRemoval(name: string) {
    return new Pass(this, name, {
      stateName: name,
      result: Result.fromObject({ cursor: { file: 1, item: 0 } }),
      resultPath: '$.removal',
    });
  }
}
