import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type Contexts, conditionHolds, interpolate } from './expressions';
import { checkOutInto, linkDependencies } from './fresh-clone';
import { runScript } from './run-script';
import { packageStepProblem, setupNodeProblem } from './step-checks';
import { type StepKind, stepKinds } from './step-kinds';
import { triggers } from './triggers';
import type { WorkflowEvent } from './workflow-events';
import { type Job, jobNamed, needsOf, type Step, stepLabel, type Workflow } from './workflow-file';

/**
 * Runs a workflow's jobs on this machine as GitHub would run them, up to where they need the AWS
 * account (step-kinds.ts says what is run, played, checked or left out, and why). Each job gets
 * its own workspace, a fresh copy of the repository made by its checkout step, and its own
 * runner temporary directory; artifacts go from job to job as upload and download copy them.
 */

export type StepStatus = 'passed' | 'failed' | 'skipped' | 'not run';

export interface StepOutcome {
  readonly step: Step;
  readonly label: string;
  readonly kind: StepKind;
  readonly status: StepStatus;
  /** Why it was skipped or not run, what is wrong with it, or the end of its output. */
  readonly detail: string;
  readonly output: string;
  readonly ms: number;
}

export interface JobOutcome {
  readonly job: string;
  /** `passed`: every step it could run without the AWS account passed. */
  readonly status: 'passed' | 'failed' | 'not reached' | 'never runs';
  /** The event it was run for (the first of the events given that runs it). */
  readonly event?: string;
  readonly steps: readonly StepOutcome[];
  readonly detail: string;
}

/** Jobs in an order where each comes after those it needs. */
export const jobOrder = (workflow: Workflow): string[] => {
  const order: string[] = [];
  const visit = (name: string) => {
    if (order.includes(name)) return;
    for (const needed of needsOf(jobNamed(workflow, name))) visit(needed);
    order.push(name);
  };
  for (const name of Object.keys(workflow.jobs)) visit(name);
  return order;
};

/** The jobs an event runs, when every job it runs succeeds. */
export const jobsRunBy = (workflow: Workflow, event: WorkflowEvent): string[] => {
  if (!triggers(workflow.on, event)) return [];
  const runs = new Map<string, boolean>();
  for (const name of jobOrder(workflow)) {
    const job = jobNamed(workflow, name);
    const needs = needsOf(job);
    const contexts = {
      github: event.github,
      needs: Object.fromEntries(needs.map((n) => [n, { result: 'success' }])),
    };
    runs.set(
      name,
      conditionHolds(
        job.if,
        contexts,
        needs.every((n) => runs.get(n)),
      ),
    );
  }
  return [...runs].filter(([, run]) => run).map(([name]) => name);
};

const tail = (output: string, length = 3000) =>
  output.length > length ? `…${output.slice(-length)}` : output;

/** The machine's environment as a runner's would be: nothing of Jest, the e2e sandbox or AWS. */
const runnerEnvironment = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(JEST_|SANDBOX_|AWS_)|^NODE_ENV$/.test(key)),
  );

/** `KEY=value` lines a step wrote to $GITHUB_ENV, for the steps after it. */
const readEnvFile = (file: string): Record<string, string> => {
  const entries = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  if (entries.some((line) => !line.includes('=') || line.includes('<<'))) {
    throw new Error('only KEY=value lines in $GITHUB_ENV are played by the workflow tests');
  }
  return Object.fromEntries(
    entries.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
};

interface JobRun {
  readonly workflow: Workflow;
  readonly job: Job;
  readonly event: WorkflowEvent;
  readonly workspace: string;
  readonly temp: string;
  readonly artifacts: string;
  readonly addedEnv: Record<string, string>;
}

type Result = Pick<StepOutcome, 'status' | 'detail'> & { output?: string };

const passed: Result = { status: 'passed', detail: '' };
const failedWith = (detail: string): Result => ({ status: 'failed', detail });

const runStep = async (run: JobRun, step: Step, kind: StepKind, contexts: Contexts): Promise<Result> => {
  const input = (name: string) => (step.with?.[name] === undefined ? undefined : String(step.with[name]));
  switch (kind) {
    case 'needs-aws':
      return { status: 'not run', detail: 'needs the AWS account' };
    case 'test-suite':
      return { status: 'not run', detail: 'the test suite this check is part of' };
    case 'unknown-action':
      return failedWith(`the workflow tests do not know the action ${step.uses}`);
    case 'checkout':
      checkOutInto(run.workspace);
      return passed;
    case 'install-dependencies':
      linkDependencies(run.workspace);
      return passed;
    case 'setup-node': {
      const problem = setupNodeProblem(input('node-version'));
      return problem === undefined ? passed : failedWith(problem);
    }
    case 'install-packages': {
      const problem = packageStepProblem(step.run ?? '');
      return problem === undefined ? { status: 'passed', detail: 'checked, not run' } : failedWith(problem);
    }
    case 'upload-artifact': {
      const from = path.join(run.workspace, input('path') ?? '.');
      const name = input('name') ?? 'artifact';
      if (!existsSync(from)) {
        return input('if-no-files-found') === 'error'
          ? failedWith(`nothing at ${input('path')} to upload`)
          : passed;
      }
      cpSync(from, path.join(run.artifacts, name), { recursive: true });
      return passed;
    }
    case 'download-artifact': {
      const name = input('name') ?? 'artifact';
      const stored = path.join(run.artifacts, name);
      if (!existsSync(stored)) return failedWith(`no job before this one uploaded the artifact ${name}`);
      cpSync(stored, path.join(run.workspace, input('path') ?? '.'), { recursive: true });
      return passed;
    }
    case 'run': {
      const { workflow, job } = run;
      const env = Object.fromEntries(
        Object.entries({ ...workflow.env, ...job.env, ...step.env }).map(([k, v]) => [
          k,
          interpolate(String(v), contexts),
        ]),
      );
      const result = await runScript(interpolate(step.run ?? '', contexts), {
        shell: step.shell ?? job.defaults?.run.shell ?? workflow.defaults?.run.shell,
        cwd: path.join(
          run.workspace,
          step['working-directory'] ??
            job.defaults?.run['working-directory'] ??
            workflow.defaults?.run['working-directory'] ??
            '.',
        ),
        env: { ...runnerEnvironment(), ...githubVariables(run), ...run.addedEnv, ...env },
        tempDir: run.temp,
        timeoutMs: (step['timeout-minutes'] ?? job['timeout-minutes'] ?? 10) * 60_000,
      });
      Object.assign(run.addedEnv, readEnvFile(path.join(run.temp, 'env')));
      if (result.exitCode === 0) return { ...passed, output: result.output };
      const why = result.timedOut ? 'timed out' : `exit code ${result.exitCode}`;
      return { status: 'failed', detail: `${why}:\n${tail(result.output)}`, output: result.output };
    }
  }
};

/** The variables GitHub sets for every step that the workflow's steps might read. */
const githubVariables = (run: JobRun): Record<string, string> => ({
  CI: 'true',
  GITHUB_ACTIONS: 'true',
  GITHUB_WORKSPACE: run.workspace,
  GITHUB_EVENT_NAME: String(run.event.github.event_name),
  GITHUB_REF: String(run.event.github.ref),
  GITHUB_REF_NAME: String(run.event.github.ref_name),
  GITHUB_REPOSITORY: String(run.event.github.repository),
  RUNNER_TEMP: run.temp,
  RUNNER_OS: 'Linux',
  GITHUB_ENV: path.join(run.temp, 'env'),
  GITHUB_OUTPUT: path.join(run.temp, 'output'),
  GITHUB_STEP_SUMMARY: path.join(run.temp, 'summary'),
});

const runJob = async (run: JobRun): Promise<StepOutcome[]> => {
  for (const file of ['env', 'output', 'summary']) writeFileSync(path.join(run.temp, file), '');
  const outcomes: StepOutcome[] = [];
  for (const { step, kind } of stepKinds(run.job)) {
    const started = Date.now();
    const succeeded = outcomes.every((o) => o.status !== 'failed');
    const contexts = {
      github: run.event.github,
      env: { ...run.workflow.env, ...run.job.env, ...run.addedEnv },
      runner: { os: 'Linux', temp: run.temp },
      vars: {},
    };
    const result: Result = conditionHolds(step.if, contexts, succeeded)
      ? await runStep(run, step, kind, contexts)
      : { status: 'skipped', detail: succeeded ? 'its if: is false' : 'an earlier step failed' };
    outcomes.push({ step, label: stepLabel(step), kind, output: '', ...result, ms: Date.now() - started });
  }
  return outcomes;
};

/**
 * Runs every job of the workflow that one of the events runs, once, for the first such event;
 * a job whose needed job failed is not reached.
 */
export const runOffline = async (
  workflow: Workflow,
  events: readonly WorkflowEvent[],
  root: string,
): Promise<Map<string, JobOutcome>> => {
  const outcomes = new Map<string, JobOutcome>();
  const artifacts = path.join(root, 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  for (const name of jobOrder(workflow)) {
    const job = jobNamed(workflow, name);
    const event = events.find((e) => jobsRunBy(workflow, e).includes(name));
    const blockedBy = needsOf(job).find((needed) => outcomes.get(needed)?.status !== 'passed');
    if (event === undefined || blockedBy !== undefined) {
      const detail = event === undefined ? 'none of the events runs it' : `${blockedBy} did not pass`;
      outcomes.set(name, { job: name, status: event ? 'not reached' : 'never runs', steps: [], detail });
      continue;
    }
    const workspace = mkdtempSync(path.join(root, `${name}-workspace-`));
    const temp = mkdtempSync(path.join(root, `${name}-runner-temp-`));
    const steps = await runJob({ workflow, job, event, workspace, temp, artifacts, addedEnv: {} });
    const failed = steps.find((s) => s.status === 'failed');
    outcomes.set(name, {
      job: name,
      status: failed ? 'failed' : 'passed',
      event: event.label,
      steps,
      detail: failed ? `${failed.label}: ${failed.detail}` : '',
    });
  }
  return outcomes;
};
