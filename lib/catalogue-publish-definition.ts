import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import {
  Choice,
  Condition,
  Fail,
  type IChainable,
  JsonPath,
  Map as MapState,
  Pass,
  type RetryProps,
  Succeed,
  Wait,
  WaitTime,
} from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import {
  PUBLISH_ERRORS,
  PUBLISH_STATES,
  PUBLISH_TIMING,
} from '#functions/contracts/publish-workflow-contract';
import { LAMBDA_SERVICE_ERRORS, lambdaTask } from './lambda-task';

/** Every task's retries: a timeout or an error of Lambda itself, three attempts in all. */
const TASK_RETRY: RetryProps = {
  errors: ['States.Timeout', ...LAMBDA_SERVICE_ERRORS],
  interval: Duration.seconds(2),
  backoffRate: 2,
  maxAttempts: 3,
};

/**
 * The states of the catalogue publish workflow (docs/decisions/catalogue-versions.md D48, D73,
 * D79), each task a call of the one task function `publishStep`; the drawing of the workflow is
 * on `CataloguePublishing` (catalogue-publishing.ts), which makes it a state machine.
 */
export function publishDefinition(scope: Construct, publishStep: IFunction): IChainable {
  const request = {
    publishId: JsonPath.stringAt('$.publishId'),
    kind: JsonPath.stringAt('$.kind'),
    key: JsonPath.stringAt('$.key'),
  };
  const step = (state: string, payload: Record<string, unknown>, resultPath?: string) => {
    const task = lambdaTask(scope, {
      state,
      fn: publishStep,
      payload,
      timeoutSeconds: PUBLISH_TIMING.taskSeconds,
      ...(resultPath ? { resultPath } : {}),
    });
    task.addRetry(TASK_RETRY);
    return task;
  };

  const failed = new Fail(scope, PUBLISH_STATES.failed, {
    stateName: PUBLISH_STATES.failed,
    error: 'CataloguePublishFailed',
    cause: 'Nothing of the file was applied; the publish record says why (npm run catalogue -- status).',
  });
  const refused = new Fail(scope, PUBLISH_STATES.refused, {
    stateName: PUBLISH_STATES.refused,
    error: PUBLISH_ERRORS.busy,
    cause: 'Another publish or stock update of this stage is running.',
  });
  const removalFailed = new Fail(scope, PUBLISH_STATES.removalFailed, {
    stateName: PUBLISH_STATES.removalFailed,
    error: PUBLISH_ERRORS.removalFailed,
    cause:
      'A version was not removed: readers do not see it; its items stay until it is removed ' +
      '(npm run catalogue -- remove VERSION).',
  });
  const published = new Succeed(scope, PUBLISH_STATES.published, { stateName: PUBLISH_STATES.published });
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
    return startRemoval(scope, start, versionPath)
      .next(remove)
      .next(
        new Choice(scope, more, { stateName: more })
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

  const writeChunks = new MapState(scope, PUBLISH_STATES.writeChunks, {
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
    lambdaTask(scope, {
      state: PUBLISH_STATES.writeChunk,
      fn: publishStep,
      payload: {
        action: 'write-chunk',
        version: JsonPath.stringAt('$.version'),
        chunk: JsonPath.numberAt('$.chunk'),
      },
      timeoutSeconds: PUBLISH_TIMING.taskSeconds,
    }).addRetry(TASK_RETRY),
  );
  writeChunks.addCatch(recordFailure, onFailure);

  const switchVersion = step(PUBLISH_STATES.switchVersion, {
    action: 'switch',
    ...request,
    plan: JsonPath.objectAt('$.plan'),
  });
  switchVersion.addCatch(recordFailure, onFailure);

  const afterSwitch = new Choice(scope, PUBLISH_STATES.hasPrevious, {
    stateName: PUBLISH_STATES.hasPrevious,
  })
    .when(
      Condition.isPresent('$.plan.previous'),
      new Wait(scope, PUBLISH_STATES.waitForReaders, {
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
    new Choice(scope, PUBLISH_STATES.upgradeNext, { stateName: PUBLISH_STATES.upgradeNext })
      .when(Condition.stringEquals('$.upgrade.next', 'plan'), plan)
      .when(
        Condition.stringEquals('$.upgrade.next', 'wait'),
        new Wait(scope, PUBLISH_STATES.waitForLock, {
          stateName: PUBLISH_STATES.waitForLock,
          time: WaitTime.duration(Duration.seconds(PUBLISH_TIMING.upgradeLockPollSeconds)),
        }).next(lockForUpgrade),
      )
      .otherwise(new Succeed(scope, PUBLISH_STATES.upToDate, { stateName: PUBLISH_STATES.upToDate })),
  );

  return new Choice(scope, PUBLISH_STATES.isUpgrade, { stateName: PUBLISH_STATES.isUpgrade })
    .when(Condition.stringEquals('$.kind', 'upgrade'), nameUpgrade)
    .otherwise(
      acquire.next(
        new Choice(scope, PUBLISH_STATES.whichKind, { stateName: PUBLISH_STATES.whichKind })
          .when(Condition.stringEquals('$.kind', 'stock'), applyStock.next(published))
          .when(Condition.stringEquals('$.kind', 'remove'), removeLeftover)
          .otherwise(plan),
      ),
    );
}

/**
 * Sets the removal's version and its cursor to the start, so the removal task's input is the
 * same on its first call and after (its answer carries both on).
 */
function startRemoval(scope: Construct, name: string, versionPath: string) {
  return new Pass(scope, name, {
    stateName: name,
    parameters: { version: JsonPath.stringAt(versionPath), cursor: { file: 1, item: 0 } },
    resultPath: '$.removal',
  });
}
