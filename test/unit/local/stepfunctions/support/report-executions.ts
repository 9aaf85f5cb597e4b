/**
 * The report state machine as the sandbox synthesizes it, run by createExecutions with
 * stand-in task functions that record each call.
 */
import type { Context } from 'aws-lambda';
import { REPORT_STATES } from '#functions/contracts/report-workflow-contract';
import { type FunctionSpec, reportFunctions } from '#functions/function-registry';
import { reportWorkflowConstruct } from '#local/reports/sandbox-reports';
import { openExecutionJournal } from '#local/stepfunctions/execution-journal';
import {
  createExecutions,
  type ExecutionsOptions,
  type StateMachineExecutions,
} from '#local/stepfunctions/executions';
import type { SandboxStateMachine } from '#local/stepfunctions/state-machine-definition';
import { synthesizeStateMachine } from '#local/stepfunctions/synthesize-state-machine';
import type { TaskHandler } from '#local/stepfunctions/task-invocation';

/** An error as the task functions throw them: its name is what Retry and Catch match. */
export const named = (name: string, message = name) => Object.assign(new Error(message), { name });

export interface Call {
  fn: string;
  input: unknown;
  context: Context;
}

export type Behaviour = Record<string, (input: never, call: number) => unknown>;

/** Stand-in task functions, by function name; each call is recorded. */
export const stubs = (behaviour: Behaviour) => {
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

/** A report generated and recorded, with no callback. */
export const happy: Behaviour = {
  [reportFunctions.generate.name]: () => ({ bytes: 1234, orders: 7 }),
  [reportFunctions.recordState.name]: () => ({ callback: false }),
};

export type StartOptions = Partial<ExecutionsOptions> & { callbackRetryMs?: number };

export interface ReportExecutionsFixture {
  readonly workflow: SandboxStateMachine;
  readonly executions: StateMachineExecutions;
  /** What the executions logged since the test began. */
  readonly lines: string[];
  start(behaviour: Behaviour, options?: StartOptions): Promise<ReturnType<typeof stubs>>;
  /** Starts an execution named `reportId` and waits for its end. */
  run(reportId?: string): ReturnType<StateMachineExecutions['settled']>;
}

/** Synthesizes the report workflow once for the file; each test starts its executions with `start`. */
export function useReportExecutions(): ReportExecutionsFixture {
  let workflow: SandboxStateMachine | undefined;
  let executions: StateMachineExecutions | undefined;
  const lines: string[] = [];
  beforeAll(async () => {
    workflow = await synthesizeStateMachine(reportWorkflowConstruct);
  });
  afterEach(async () => {
    await executions?.close(0);
    executions = undefined;
    lines.length = 0;
  });
  const fixture: ReportExecutionsFixture = {
    get workflow() {
      return workflow!;
    },
    get executions() {
      return executions!;
    },
    lines,
    async start(behaviour, { callbackRetryMs = 5, ...options } = {}) {
      const stub = stubs(behaviour);
      executions = await createExecutions({
        machine: workflow!,
        journal: openExecutionJournal(),
        loadHandler: stub.loadHandler,
        retryPausesMs: { [REPORT_STATES.sendCallback]: callbackRetryMs },
        retryPauseMs: 5,
        log: (line) => lines.push(line),
        logError: () => {},
        ...options,
      });
      return stub;
    },
    run(reportId = 'r-1') {
      const { executionArn } = executions!.start({
        stateMachineArn: workflow!.stateMachineArn,
        name: reportId,
        input: JSON.stringify({ reportId }),
      });
      return executions!.settled(executionArn);
    },
  };
  return fixture;
}
