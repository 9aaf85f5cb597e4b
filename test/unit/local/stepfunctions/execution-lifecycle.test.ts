import { REPORT_STATES } from '#functions/contracts/report-workflow-contract';
import { reportFunctions } from '#functions/function-registry';
import { lambdaArn } from '#local/sandbox-identity';
import { type ExecutionJournal, openExecutionJournal } from '#local/stepfunctions/execution-journal';
import { createExecutions, type StateMachineExecutions } from '#local/stepfunctions/executions';
import { StepFunctionsError } from '#local/stepfunctions/sfn-api';
import type { SandboxStateMachine } from '#local/stepfunctions/state-machine-definition';
import { happy, useReportExecutions } from './support/report-executions';

describe('the lifecycle of sandbox Step Functions executions', () => {
  const fixture = useReportExecutions();
  const { start } = fixture;

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
      const first = fixture.executions.start({
        stateMachineArn: fixture.workflow.stateMachineArn,
        name: 'r-1',
        input,
      });
      expect(
        fixture.executions.start({ stateMachineArn: fixture.workflow.stateMachineArn, name: 'r-1', input }),
      ).toEqual(first);
      const reuse = () =>
        fixture.executions.start({
          stateMachineArn: fixture.workflow.stateMachineArn,
          name: 'r-1',
          input: '{"reportId":"x"}',
        });
      expect(reuse).toThrow(expect.objectContaining({ code: 'ExecutionAlreadyExists' }));
      release();
      await fixture.executions.settled(first.executionArn);
      expect(() =>
        fixture.executions.start({ stateMachineArn: fixture.workflow.stateMachineArn, name: 'r-1', input }),
      ).toThrow(expect.objectContaining({ code: 'ExecutionAlreadyExists' }));
      expect(fixture.executions.stats().started).toBe(1);
    });

    it('refuses an unknown state machine, a malformed ARN, a bad name and input that is not JSON', async () => {
      await start(happy);
      const codeOf = (request: Parameters<StateMachineExecutions['start']>[0]) => {
        try {
          fixture.executions.start(request);
        } catch (error) {
          expect(error).toBeInstanceOf(StepFunctionsError);
          return (error as StepFunctionsError).code;
        }
        return 'started';
      };
      const arn = fixture.workflow.stateMachineArn;
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
      const { executionArn } = fixture.executions.start({
        stateMachineArn: fixture.workflow.stateMachineArn,
        name: 'r-1',
        input: '{"reportId":"r-1"}',
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await fixture.executions.close(10);
      expect(journal.records.get(executionArn)?.status).toBe('RUNNING');

      const { calls } = await start(happy, { journal });
      expect(fixture.executions.resume()).toBe(1);
      const record = await fixture.executions.settled(executionArn);
      expect(record.status).toBe('SUCCEEDED');
      expect(calls.map((c) => c.fn)).toEqual([
        reportFunctions.generate.name,
        reportFunctions.recordState.name,
      ]);
      expect(fixture.executions.stats()).toMatchObject({ resumed: 1, started: 0, succeeded: 1 });
    });

    it('records without running when told not to run (npm run invoke), for the next start', async () => {
      const journal = openExecutionJournal();
      const { calls } = await start(happy, { journal, run: false });
      const { executionArn } = fixture.executions.start({
        stateMachineArn: fixture.workflow.stateMachineArn,
        name: 'r-1',
        input: '{"reportId":"r-1"}',
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toEqual([]);
      expect(fixture.executions.describe(executionArn).status).toBe('RUNNING');
    });
  });

  it('StopExecution aborts a running execution and records it ABORTED', async () => {
    const { calls } = await start({ ...happy, [reportFunctions.generate.name]: () => new Promise(() => {}) });
    const { executionArn } = fixture.executions.start({
      stateMachineArn: fixture.workflow.stateMachineArn,
      name: 'r-1',
      input: '{"reportId":"r-1"}',
    });
    fixture.executions.stop({ executionArn, error: 'Cancelled' });
    expect(await fixture.executions.settled(executionArn)).toMatchObject({
      status: 'ABORTED',
      error: 'Cancelled',
    });
    expect(() => fixture.executions.stop({ executionArn })).toThrow(/not running/);
    expect(calls.filter((c) => c.fn === reportFunctions.recordState.name)).toEqual([]);
  });
});

describe('a task past its timeout', () => {
  it('fails with States.Timeout, which the definition may catch', async () => {
    const arn = lambdaArn('commerce-api-sandbox-generate-report');
    const workflow: SandboxStateMachine = {
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
    const executions = await createExecutions({
      machine: workflow,
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
