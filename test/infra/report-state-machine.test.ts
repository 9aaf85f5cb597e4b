import {
  CALLBACK_RETRY,
  GENERATE_RETRY,
  GENERATE_THROTTLED_RETRY,
  REPORT_ERRORS,
  REPORT_STATES,
  TASK_TIMEOUTS,
} from '#functions/contracts/report-workflow-contract';
import { reportFunctions } from '#functions/function-registry';
import { routeFunctionName } from '#lib/resource-names';
import {
  ARN_OF,
  actionsOf,
  arnOf,
  callbackId,
  definition,
  dev,
  functions,
  generatorId,
  LAMBDA_ERRORS,
  prod,
  recorderId,
  resources,
  state,
  stateMachine,
  statementsOfRole,
  states,
} from './support/report-template';
import type { CfnJson } from './synth';

describe('the report state machine', () => {
  it('is one of two (reports, catalogue publishing): Standard, named after the stage, traced', () => {
    dev.template.resourceCountIs('AWS::StepFunctions::StateMachine', 2);
    expect(stateMachine.Properties).toMatchObject({
      StateMachineName: 'commerce-api-dev-reports',
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
    });
  });

  it('logs every event (level ALL), without execution data, to its own log group', () => {
    const { LoggingConfiguration } = stateMachine.Properties;
    expect(LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: false });
    expect(LoggingConfiguration.Destinations).toHaveLength(1);
    const logGroupId =
      LoggingConfiguration.Destinations[0].CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0];
    expect(resources[logGroupId]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { LogGroupName: '/aws/vendedlogs/states/commerce-api-dev-reports', RetentionInDays: 14 },
      DeletionPolicy: 'Delete',
    });
    prod.template.hasResource('AWS::Logs::LogGroup', {
      Properties: { LogGroupName: '/aws/vendedlogs/states/commerce-api-prod-reports', RetentionInDays: 365 },
      DeletionPolicy: 'RetainExceptOnCreate',
    });
  });

  it('starts with Generate report and has exactly the states of REPORT_STATES', () => {
    expect(definition.StartAt).toBe(REPORT_STATES.generate);
    expect(Object.keys(states).sort()).toEqual(Object.values(REPORT_STATES).sort());
  });

  const taskFunctionIds: Record<string, () => string> = {
    [reportFunctions.generate.name]: () => generatorId,
    [reportFunctions.recordState.name]: () => recorderId,
    [reportFunctions.sendCallback.name]: () => callbackId,
  };
  it.each([
    [REPORT_STATES.generate, reportFunctions.generate.name, TASK_TIMEOUTS.generate],
    [REPORT_STATES.markCompleted, reportFunctions.recordState.name, TASK_TIMEOUTS.record],
    [REPORT_STATES.markFailed, reportFunctions.recordState.name, TASK_TIMEOUTS.record],
    [REPORT_STATES.recordNotDelivered, reportFunctions.recordState.name, TASK_TIMEOUTS.record],
    [REPORT_STATES.sendCallback, reportFunctions.sendCallback.name, TASK_TIMEOUTS.callback],
  ])(
    'runs "%s" on %s, by its ARN, timing out after %i s like the function itself',
    (name, functionName, timeout) => {
      const functionId = taskFunctionIds[functionName]!();
      const task = state(name);
      expect(task.Type).toBe('Task');
      // The function's own ARN (payloadResponseOnly), not the lambda:invoke integration.
      expect(task.Resource).toBe(ARN_OF(functionId));
      expect(functions[functionId]!.Properties.FunctionName).toBe(routeFunctionName('dev', functionName));
      expect(task.TimeoutSeconds).toBe(timeout);
      expect(functions[functionId]!.Properties.Timeout).toBe(timeout);
    },
  );

  it('hands each task the payload its function expects, and keeps results where the next state reads them', () => {
    expect(state(REPORT_STATES.generate)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId' },
      ResultPath: '$.report',
    });
    expect(state(REPORT_STATES.markCompleted)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId', outcome: 'COMPLETED', 'bytes.$': '$.report.bytes' },
      ResultPath: '$.recorded',
    });
    expect(state(REPORT_STATES.markFailed)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId', outcome: 'FAILED', 'error.$': '$.failure.Error' },
      ResultPath: null,
    });
    expect(state(REPORT_STATES.recordNotDelivered)).toMatchObject({
      Parameters: {
        'reportId.$': '$.reportId',
        outcome: 'NOTIFICATION_FAILED',
        'error.$': '$.failure.Error',
      },
      ResultPath: null,
    });
    expect(state(REPORT_STATES.sendCallback)).toMatchObject({
      Parameters: { 'reportId.$': '$.reportId' },
      ResultPath: null,
    });
  });

  describe('retries', () => {
    it(`retry "${REPORT_STATES.generate}" when throttled for a while first (GENERATE_THROTTLED_RETRY), then on ${REPORT_ERRORS.storageFailed} and Lambda's own errors only, as GENERATE_RETRY says`, () => {
      const retry: CfnJson[] = state(REPORT_STATES.generate).Retry;
      expect(retry).toHaveLength(2);
      // The first retrier whose errors match applies: a throttled generation waits about 5 minutes.
      expect(retry[0]).toEqual({
        ErrorEquals: ['Lambda.TooManyRequestsException'],
        IntervalSeconds: GENERATE_THROTTLED_RETRY.intervalSeconds,
        BackoffRate: GENERATE_THROTTLED_RETRY.backoffRate,
        MaxAttempts: GENERATE_THROTTLED_RETRY.maxRetries,
        JitterStrategy: 'FULL',
      });
      const waited = Array.from(
        { length: GENERATE_THROTTLED_RETRY.maxRetries },
        (_, i) => GENERATE_THROTTLED_RETRY.intervalSeconds * GENERATE_THROTTLED_RETRY.backoffRate ** i,
      ).reduce((a, b) => a + b);
      expect(waited).toBeGreaterThanOrEqual(300);
      expect(retry[1]).toEqual({
        ErrorEquals: expect.arrayContaining([REPORT_ERRORS.storageFailed, ...LAMBDA_ERRORS]),
        IntervalSeconds: GENERATE_RETRY.intervalSeconds,
        BackoffRate: GENERATE_RETRY.backoffRate,
        MaxAttempts: GENERATE_RETRY.maxRetries,
      });
      // A report with too many orders fails at once: retrying cannot make it smaller.
      expect(retry.flatMap((r) => r.ErrorEquals)).not.toContain(REPORT_ERRORS.tooLarge);
      expect(retry.flatMap((r) => r.ErrorEquals)).not.toContain('States.ALL');
    });

    it(`retry "${REPORT_STATES.sendCallback}" when not delivered every 1, 2, 4 … 128 minutes (CALLBACK_RETRY)`, () => {
      expect(CALLBACK_RETRY).toEqual({ intervalSeconds: 60, backoffRate: 2, maxRetries: 8 });
      const retry = state(REPORT_STATES.sendCallback).Retry;
      expect(retry).toEqual([
        {
          ErrorEquals: expect.arrayContaining([
            REPORT_ERRORS.callbackNotDelivered,
            'States.Timeout',
            ...LAMBDA_ERRORS,
          ]),
          IntervalSeconds: 60,
          BackoffRate: 2,
          MaxAttempts: 8,
        },
      ]);
      // A permanent error (no callback stored, a bug) is not retried for hours: it goes to the catch.
      expect(retry[0].ErrorEquals).not.toContain('States.ALL');
    });

    it('leave time for every attempt of every task within the execution timeout (24 h)', () => {
      /** Longest time a task may take: each attempt timing out, plus the waits between them. */
      const worst = (
        retry: { intervalSeconds: number; backoffRate: number; maxRetries: number },
        timeout: number,
      ) =>
        (retry.maxRetries + 1) * timeout +
        Array.from(
          { length: retry.maxRetries },
          (_, i) => retry.intervalSeconds * retry.backoffRate ** i,
        ).reduce((a, b) => a + b, 0);
      // The callback's waits alone: 1 + 2 + … + 128 minutes = 4 h 15 min.
      expect(worst(CALLBACK_RETRY, 0)).toBe(255 * 60);
      const recordRetry = state(REPORT_STATES.markCompleted).Retry[0];
      const recorder = worst(
        {
          intervalSeconds: recordRetry.IntervalSeconds,
          backoffRate: recordRetry.BackoffRate,
          maxRetries: recordRetry.MaxAttempts,
        },
        TASK_TIMEOUTS.record,
      );
      const longestPath =
        worst(GENERATE_THROTTLED_RETRY, 0) +
        worst(GENERATE_RETRY, TASK_TIMEOUTS.generate) +
        2 * recorder +
        worst(CALLBACK_RETRY, TASK_TIMEOUTS.callback);
      expect(definition.TimeoutSeconds).toBe(24 * 3600);
      expect(longestPath).toBeLessThan(definition.TimeoutSeconds);
    });

    it.each([REPORT_STATES.markCompleted, REPORT_STATES.markFailed, REPORT_STATES.recordNotDelivered])(
      'retry "%s" on a timeout and on Lambda errors',
      (name) => {
        const retry: CfnJson[] = state(name).Retry;
        expect(retry).toHaveLength(1);
        expect(retry[0].ErrorEquals).toEqual(expect.arrayContaining(['States.Timeout', ...LAMBDA_ERRORS]));
        expect(retry[0].MaxAttempts).toBeGreaterThan(0);
      },
    );
  });

  describe('transitions', () => {
    const catchInto = (next: string) => [
      { ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: next },
    ];

    it(`go from "${REPORT_STATES.generate}" to "${REPORT_STATES.markCompleted}", then to the Choice`, () => {
      expect(state(REPORT_STATES.generate).Next).toBe(REPORT_STATES.markCompleted);
      expect(state(REPORT_STATES.markCompleted).Next).toBe(REPORT_STATES.callbackRequested);
    });

    it.each([REPORT_STATES.generate, REPORT_STATES.markCompleted])(
      `catch any error of "%s" into "${REPORT_STATES.markFailed}", with the error at $.failure`,
      (name) => {
        expect(state(name).Catch).toEqual(catchInto(REPORT_STATES.markFailed));
      },
    );

    it(`end a failed report in the Fail state "${REPORT_STATES.failed}"`, () => {
      expect(state(REPORT_STATES.markFailed).Next).toBe(REPORT_STATES.failed);
      expect(state(REPORT_STATES.failed)).toMatchObject({ Type: 'Fail', Error: 'ReportFailed' });
    });

    it('send the callback only when the recorded job asks for one', () => {
      expect(state(REPORT_STATES.callbackRequested)).toEqual({
        Type: 'Choice',
        Choices: [{ Variable: '$.recorded.callback', BooleanEquals: true, Next: REPORT_STATES.sendCallback }],
        Default: REPORT_STATES.done,
      });
    });

    it(`after the last callback retry, record that the partner was not notified, and still end in "${REPORT_STATES.done}"`, () => {
      expect(state(REPORT_STATES.sendCallback).Next).toBe(REPORT_STATES.done);
      expect(state(REPORT_STATES.sendCallback).Catch).toEqual(catchInto(REPORT_STATES.recordNotDelivered));
      expect(state(REPORT_STATES.recordNotDelivered).Next).toBe(REPORT_STATES.done);
      expect(state(REPORT_STATES.done)).toEqual({ Type: 'Succeed' });
    });

    it('name existing states only, and reach every state from the start', () => {
      const targets = (s: CfnJson): string[] => [
        ...(s.Next ? [s.Next] : []),
        ...(s.Default ? [s.Default] : []),
        ...(s.Choices ?? []).map((choice: CfnJson) => choice.Next),
        ...(s.Catch ?? []).map((c: CfnJson) => c.Next),
      ];
      const reached = new Set<string>([definition.StartAt]);
      const queue = [definition.StartAt as string];
      while (queue.length > 0) {
        for (const next of targets(state(queue.shift()!))) {
          expect(Object.keys(states)).toContain(next);
          if (!reached.has(next)) {
            reached.add(next);
            queue.push(next);
          }
        }
      }
      expect([...reached].sort()).toEqual(Object.keys(states).sort());
    });
  });

  it('may invoke the three task functions, by their unqualified ARNs, and no other', () => {
    const roleId = stateMachine.Properties.RoleArn['Fn::GetAtt'][0];
    const invokes = statementsOfRole(roleId).filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
    expect(invokes).toHaveLength(1);
    expect(actionsOf(invokes[0])).toEqual(['lambda:InvokeFunction']);
    const resources = [invokes[0].Resource].flat().map((r: CfnJson) => JSON.stringify(r));
    expect(resources.sort()).toEqual(
      [generatorId, recorderId, callbackId].map((id) => JSON.stringify(arnOf(id))).sort(),
    );
  });
});
