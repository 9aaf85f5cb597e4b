import type { Context } from 'aws-lambda';
import { REPORT_ERRORS, REPORT_STATES } from '../../../../functions/reports/domain/report-workflow';
import { type FunctionSpec, reportFunctions } from '../../../../functions/routes';
import { parseSandboxFaults } from '../../../../local/queues/faults';
import { type ExecutionJournal, openExecutionJournal } from '../../../../local/reports/execution-journal';
import {
  asTaskFailure,
  createReportExecutions,
  type ReportExecutions,
  type ReportExecutionsOptions,
  StepFunctionsError,
  type TaskHandler,
} from '../../../../local/reports/executions';
import {
  lambdaArn,
  type ReportWorkflowDefinition,
  synthesizeReportWorkflow,
} from '../../../../local/reports/workflow-definition';

/** An error as the task functions throw them: its name is what Retry and Catch match. */
const named = (name: string, message = name) => Object.assign(new Error(message), { name });

interface Call {
  fn: string;
  input: unknown;
  context: Context;
}

/** Stand-in task functions, by function name; each call is recorded. */
const stubs = (behaviour: Record<string, (input: never, call: number) => unknown>) => {
  const calls: Call[] = [];
  const loadHandler =
    async (spec: FunctionSpec): Promise<TaskHandler> =>
    async (input, context) => {
      calls.push({ fn: spec.name, input, context });
      const run = behaviour[spec.name];
      if (!run) throw new Error(`no stub for ${spec.name}`);
      return run(input as never, calls.filter((c) => c.fn === spec.name).length);
    };
  return { calls, loadHandler };
};

const happy = {
  [reportFunctions.generate.name]: () => ({ bytes: 1234, orders: 7 }),
  [reportFunctions.recordState.name]: () => ({ callback: false }),
};

describe('the sandbox Step Functions executions of the report workflow', () => {
  let workflow: ReportWorkflowDefinition;
  let executions: ReportExecutions | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    workflow = await synthesizeReportWorkflow();
  });
  afterEach(async () => {
    await executions?.close(0);
    executions = undefined;
    lines.length = 0;
  });

  const start = async (
    behaviour: Record<string, (input: never, call: number) => unknown>,
    options: Partial<ReportExecutionsOptions> = {},
  ) => {
    const stub = stubs(behaviour);
    executions = await createReportExecutions({
      workflow,
      journal: openExecutionJournal(),
      loadHandler: stub.loadHandler,
      callbackRetryMs: 5,
      retryPauseMs: 5,
      log: (line) => lines.push(line),
      logError: () => {},
      ...options,
    });
    return stub;
  };

  const run = async (reportId = 'r-1') => {
    const { executionArn } = executions!.start({
      stateMachineArn: workflow.stateMachineArn,
      name: reportId,
      input: JSON.stringify({ reportId }),
    });
    return executions!.settled(executionArn);
  };

  it('runs Generate report then Mark report completed, with the inputs the definition builds', async () => {
    const { calls } = await start(happy);
    const record = await run();
    expect(record).toMatchObject({ status: 'SUCCEEDED', name: 'r-1' });
    expect(JSON.parse(record.output!)).toEqual({
      reportId: 'r-1',
      report: { bytes: 1234, orders: 7 },
      recorded: { callback: false },
    });
    expect(calls.map((c) => [c.fn, c.input])).toEqual([
      [reportFunctions.generate.name, { reportId: 'r-1' }],
      [reportFunctions.recordState.name, { reportId: 'r-1', outcome: 'COMPLETED', bytes: 1234 }],
    ]);
    // A Lambda context: the function's name, ARN, memory and timeout (300 s for the generator).
    const context = calls[0]!.context;
    expect(context.invokedFunctionArn).toBe(lambdaArn('commerce-api-sandbox-generate-report'));
    expect(context.memoryLimitInMB).toBe('1769');
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(299_000);
    expect(executions!.stats()).toMatchObject({ started: 1, succeeded: 1, failed: 0, taskInvocations: 2 });
    expect(lines).toEqual([expect.stringMatching(/^SFN commerce-api-sandbox-reports r-1 SUCCEEDED \d+ ms$/)]);
  });

  it('retries Generate report on ReportStorageFailed, by the error name the function threw', async () => {
    const { calls } = await start({
      ...happy,
      [reportFunctions.generate.name]: (_: never, call: number) => {
        if (call < 3) throw named(REPORT_ERRORS.storageFailed, 'The PDF could not be stored');
        return { bytes: 10, orders: 1 };
      },
    });
    const record = await run();
    expect(record.status).toBe('SUCCEEDED');
    expect(calls.filter((c) => c.fn === reportFunctions.generate.name)).toHaveLength(3);
  });

  it('catches an error it does not retry into Mark report failed, and the execution fails', async () => {
    const { calls } = await start({
      ...happy,
      [reportFunctions.generate.name]: () => {
        throw named(REPORT_ERRORS.tooLarge, 'Too many orders for one report');
      },
    });
    const record = await run();
    expect(calls.map((c) => [c.fn, c.input])).toEqual([
      [reportFunctions.generate.name, { reportId: 'r-1' }],
      [
        reportFunctions.recordState.name,
        { reportId: 'r-1', outcome: 'FAILED', error: REPORT_ERRORS.tooLarge },
      ],
    ]);
    expect(record).toMatchObject({ status: 'FAILED', error: 'ReportFailed' });
    expect(lines.at(-1)).toMatch(/r-1 FAILED \(ReportFailed\)/);
  });

  it('sends the callback, retries it, then records it not delivered', async () => {
    const { calls } = await start({
      ...happy,
      [reportFunctions.recordState.name]: (input: { outcome: string }) => ({
        callback: input.outcome === 'COMPLETED',
      }),
      [reportFunctions.sendCallback.name]: () => {
        throw named(REPORT_ERRORS.callbackNotDelivered);
      },
    });
    const record = await run();
    expect(record.status).toBe('SUCCEEDED');
    // One attempt and the definition's 8 retries, then the catch.
    expect(calls.filter((c) => c.fn === reportFunctions.sendCallback.name)).toHaveLength(9);
    expect(calls.at(-1)!.input).toEqual({
      reportId: 'r-1',
      outcome: 'NOTIFICATION_FAILED',
      error: REPORT_ERRORS.callbackNotDelivered,
    });
  });

  it('pauses the Send callback retries longer than the others', async () => {
    const times: number[] = [];
    await start(
      {
        ...happy,
        [reportFunctions.recordState.name]: () => ({ callback: true }),
        [reportFunctions.sendCallback.name]: (_: never, call: number) => {
          times.push(Date.now());
          if (call < 3) throw named(REPORT_ERRORS.callbackNotDelivered);
          return { delivered: true };
        },
      },
      { callbackRetryMs: 150, retryPauseMs: 1 },
    );
    expect((await run()).status).toBe('SUCCEEDED');
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(140);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(140);
  });

  describe('with SANDBOX_FAULTS', () => {
    it('"store": 1 fails the first attempt as a storage failure, which the retry completes', async () => {
      const { calls } = await start(happy, { faults: parseSandboxFaults('{"reports": {"store": 1}}')! });
      expect((await run()).status).toBe('SUCCEEDED');
      expect(calls.filter((c) => c.fn === reportFunctions.generate.name)).toHaveLength(1);
      expect(executions!.stats()).toMatchObject({ injected: 1, taskInvocations: 2 });
      expect(lines[0]).toBe(
        `SFN r-1 ${REPORT_STATES.generate}: attempt 1 failed by SANDBOX_FAULTS (${REPORT_ERRORS.storageFailed})`,
      );
    });

    it('"generate": "always" fails generation for good (no retry), the job is marked failed', async () => {
      const { calls } = await start(happy, {
        faults: parseSandboxFaults('{"reports": {"generate": "always"}}')!,
      });
      const record = await run();
      expect(record.status).toBe('FAILED');
      expect(calls.map((c) => c.input)).toEqual([
        { reportId: 'r-1', outcome: 'FAILED', error: 'ReportGenerationFailed' },
      ]);
    });

    it('each execution counts its own attempts', async () => {
      const { calls } = await start(happy, { faults: parseSandboxFaults('{"reports": {"store": 1}}')! });
      await Promise.all([run('a'), run('b')]);
      expect(executions!.stats()).toMatchObject({ injected: 2, succeeded: 2 });
      expect(calls.filter((c) => c.fn === reportFunctions.generate.name)).toHaveLength(2);
    });
  });

  it('answers Lambda errors as Step Functions sees them: the name, and a JSON cause', () => {
    const failure = asTaskFailure(named('ReportStorageFailed', 'The PDF could not be stored'));
    expect(failure.name).toBe('ReportStorageFailed');
    expect(JSON.parse(failure.message)).toMatchObject({
      errorType: 'ReportStorageFailed',
      errorMessage: 'The PDF could not be stored',
      trace: expect.any(Array),
    });
    expect(asTaskFailure('a string').name).toBe('Error');
  });

  describe('StartExecution', () => {
    const input = '{"reportId":"r-1"}';

    it('refuses a name taken, unless it is the same start of an execution still running', async () => {
      let release: () => void = () => {};
      const blocked = new Promise<void>((resolve) => {
        release = resolve;
      });
      await start({
        ...happy,
        [reportFunctions.generate.name]: async () => {
          await blocked;
          return { bytes: 1, orders: 0 };
        },
      });
      const first = executions!.start({ stateMachineArn: workflow.stateMachineArn, name: 'r-1', input });
      expect(executions!.start({ stateMachineArn: workflow.stateMachineArn, name: 'r-1', input })).toEqual(
        first,
      );
      const reuse = () =>
        executions!.start({
          stateMachineArn: workflow.stateMachineArn,
          name: 'r-1',
          input: '{"reportId":"x"}',
        });
      expect(reuse).toThrow(expect.objectContaining({ code: 'ExecutionAlreadyExists' }));
      release();
      await executions!.settled(first.executionArn);
      expect(() =>
        executions!.start({ stateMachineArn: workflow.stateMachineArn, name: 'r-1', input }),
      ).toThrow(expect.objectContaining({ code: 'ExecutionAlreadyExists' }));
      expect(executions!.stats().started).toBe(1);
    });

    it('refuses an unknown state machine, a malformed ARN, a bad name and input that is not JSON', async () => {
      await start(happy);
      const codeOf = (request: Parameters<ReportExecutions['start']>[0]) => {
        try {
          executions!.start(request);
        } catch (error) {
          expect(error).toBeInstanceOf(StepFunctionsError);
          return (error as StepFunctionsError).code;
        }
        return 'started';
      };
      const arn = workflow.stateMachineArn;
      expect(codeOf({ stateMachineArn: `${arn}-other`, input })).toBe('StateMachineDoesNotExist');
      expect(codeOf({ stateMachineArn: 'reports', input })).toBe('InvalidArn');
      expect(codeOf({ stateMachineArn: arn, name: 'a b', input })).toBe('InvalidName');
      expect(codeOf({ stateMachineArn: arn, name: 'x'.repeat(81), input })).toBe('InvalidName');
      expect(codeOf({ stateMachineArn: arn, name: 'ok', input: '{' })).toBe('InvalidExecutionInput');
      expect(codeOf({ stateMachineArn: arn, input })).toBe('started');
    });
  });

  describe('across a restart', () => {
    it('leaves executions stopped by close() RUNNING, and resume() runs them again from the start', async () => {
      const journal: ExecutionJournal = openExecutionJournal();
      const never = new Promise(() => {});
      await start({ ...happy, [reportFunctions.generate.name]: () => never }, { journal });
      const { executionArn } = executions!.start({
        stateMachineArn: workflow.stateMachineArn,
        name: 'r-1',
        input: '{"reportId":"r-1"}',
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await executions!.close(10);
      expect(journal.records.get(executionArn)?.status).toBe('RUNNING');

      const { calls } = await start(happy, { journal });
      expect(executions!.resume()).toBe(1);
      const record = await executions!.settled(executionArn);
      expect(record.status).toBe('SUCCEEDED');
      expect(calls.map((c) => c.fn)).toEqual([
        reportFunctions.generate.name,
        reportFunctions.recordState.name,
      ]);
      expect(executions!.stats()).toMatchObject({ resumed: 1, started: 0, succeeded: 1 });
    });

    it('records without running when told not to run (npm run invoke), for the next start', async () => {
      const journal = openExecutionJournal();
      const { calls } = await start(happy, { journal, run: false });
      const { executionArn } = executions!.start({
        stateMachineArn: workflow.stateMachineArn,
        name: 'r-1',
        input: '{"reportId":"r-1"}',
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toEqual([]);
      expect(executions!.describe(executionArn).status).toBe('RUNNING');
    });
  });

  it('StopExecution aborts a running execution and records it ABORTED', async () => {
    const { calls } = await start({ ...happy, [reportFunctions.generate.name]: () => new Promise(() => {}) });
    const { executionArn } = executions!.start({
      stateMachineArn: workflow.stateMachineArn,
      name: 'r-1',
      input: '{"reportId":"r-1"}',
    });
    executions!.stop({ executionArn, error: 'Cancelled' });
    expect(await executions!.settled(executionArn)).toMatchObject({ status: 'ABORTED', error: 'Cancelled' });
    expect(() => executions!.stop({ executionArn })).toThrow(/not running/);
    expect(calls.filter((c) => c.fn === reportFunctions.recordState.name)).toEqual([]);
  });
});

describe('a task past its timeout', () => {
  it('fails with States.Timeout, which the definition may catch', async () => {
    const arn = lambdaArn('commerce-api-sandbox-generate-report');
    const workflow: ReportWorkflowDefinition = {
      stateMachineName: 'sm',
      stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:sm',
      definition: {
        StartAt: REPORT_STATES.sendCallback,
        States: {
          [REPORT_STATES.sendCallback]: {
            Type: 'Task',
            Resource: arn,
            TimeoutSeconds: 1,
            Catch: [{ ErrorEquals: ['States.Timeout'], ResultPath: '$.failure', Next: 'Caught' }],
            End: true,
          },
          Caught: { Type: 'Pass', End: true },
        },
      },
      tasks: new Map([
        [
          REPORT_STATES.sendCallback,
          {
            spec: reportFunctions.generate,
            functionName: 'commerce-api-sandbox-generate-report',
            functionArn: arn,
            timeoutSeconds: 1,
            memoryMb: 128,
          },
        ],
      ]),
    };
    const executions = await createReportExecutions({
      workflow,
      journal: openExecutionJournal(),
      loadHandler: async () => () => new Promise(() => {}),
      log: () => {},
    });
    const { executionArn } = executions.start({ stateMachineArn: workflow.stateMachineArn, input: '{}' });
    const record = await executions.settled(executionArn);
    expect(record.status).toBe('SUCCEEDED');
    expect(JSON.parse(record.output!).failure.Error).toBe('States.Timeout');
    await executions.close(0);
  });
});
