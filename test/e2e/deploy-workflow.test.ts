/**
 * The deploy workflow (.github/workflows/deploy.yml; docs/deploying.md "From GitHub";
 * docs/decisions/stages-and-deploys.md D76): which jobs each event runs, what each role may be handed, and every step
 * that needs no AWS account run the way GitHub runs it (support/workflow/), in a fresh copy of
 * the repository, so a step that cannot pass on a runner fails here first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { stageSettings } from '#lib/stage';
import { readStageFile, StageSettingsError } from '#lib/stage-file';
import { interpolate } from './support/workflow/expressions';
import { isCredentialsStep } from './support/workflow/step-kinds';
import {
  pullRequest,
  pullRequestFromFork,
  pushToBranch,
  pushToMain,
  versionTag,
  type WorkflowEvent,
} from './support/workflow/workflow-events';
import {
  environmentOf,
  type Job,
  jobNamed,
  readWorkflow,
  workflowText,
} from './support/workflow/workflow-file';
import { type JobOutcome, jobsRunBy, runOffline } from './support/workflow/workflow-run';

const FILE = 'deploy.yml';
const workflow = readWorkflow(FILE);
const tag = versionTag('v1.4.0');
const events: readonly WorkflowEvent[] = [pullRequest, pushToMain, tag];

const credentialed = (job: Job) => job.steps.findIndex(isCredentialsStep);
/** What a job runs once it has AWS credentials. */
const runsWithCredentials = (job: Job) =>
  credentialed(job) < 0
    ? []
    : job.steps.slice(credentialed(job) + 1).map((step) => step.run ?? step.uses ?? '');
/** How the workflow reads one of its environments' secrets. */
const secret = (name: string) => `\${{ secrets.${name} }}`;
const roleOf = (job: Job) => job.steps.find(isCredentialsStep)?.with?.['role-to-assume'];
const eventsRunning = (job: string) => events.filter((event) => jobsRunBy(workflow, event).includes(job));

describe('the deploy workflow', () => {
  it('tests every change; diffs dev for a pull request, deploys dev from main and prod from a v* tag', () => {
    expect(jobsRunBy(workflow, pullRequest)).toEqual(['test', 'diff-dev']);
    expect(jobsRunBy(workflow, pushToMain)).toEqual(['test', 'deploy-dev']);
    expect(jobsRunBy(workflow, tag)).toEqual(['test', 'diff-prod', 'deploy-prod']);
    // A fork's pull request gets no secrets and no OIDC token from GitHub: it is tested, not diffed.
    expect(jobsRunBy(workflow, pullRequestFromFork)).toEqual(['test']);
    expect(jobsRunBy(workflow, pushToBranch)).toEqual([]);
  });

  it('pins every action to a full commit, the same for each use, with its release in a comment', () => {
    const uses = workflowText(FILE)
      .split('\n')
      .filter((line) => /^\s*(- )?uses:/.test(line))
      .map((line) => line.replace(/^\s*(- )?uses:\s*/, ''));
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((use) => !/^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(use))).toEqual([]);
    const commits = new Map<string, Set<string>>();
    for (const use of uses) {
      const [action = '', pin = ''] = use.split('@');
      commits.set(action, (commits.get(action) ?? new Set()).add(pin));
    }
    expect([...commits].filter(([, pins]) => pins.size > 1)).toEqual([]);
  });

  it('keeps the checkout token out of the workspace, where any later step could read it', () => {
    const checkouts = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.filter((step) => step.uses?.startsWith('actions/checkout@')),
    );
    expect(checkouts.map((step) => step.with?.['persist-credentials'])).toEqual(checkouts.map(() => false));
  });

  it("never hands a pull request's code a role that can deploy", () => {
    for (const name of jobsRunBy(workflow, pullRequest)) {
      const job = jobNamed(workflow, name);
      if (credentialed(job) < 0) continue;
      expect([name, environmentOf(job), roleOf(job)]).toEqual([
        name,
        'dev-diff',
        secret('AWS_DIFF_ROLE_ARN'),
      ]);
      // Its assembly was synthesized without credentials by the test job; with the read-only role
      // it is only compared with what is deployed (--method=template: no change set, no deploy role).
      const withCredentials = runsWithCredentials(job);
      expect(withCredentials.filter((run) => /cdk (synth|deploy)|npm run/.test(run))).toEqual([]);
      expect(withCredentials.filter((run) => /cdk diff/.test(run))).toEqual([
        expect.stringMatching(/npx cdk diff --app \S+ --method=template /),
      ]);
    }
  });

  it('hands the deploy roles only to main (dev) and v* tags (prod), each in its GitHub environment', () => {
    const deployers = Object.entries(workflow.jobs).filter(
      ([, job]) => roleOf(job) === secret('AWS_DEPLOY_ROLE_ARN'),
    );
    expect(
      deployers.map(([name, job]) => [name, environmentOf(job), eventsRunning(name).map((e) => e.label)]),
    ).toEqual([
      ['deploy-dev', 'dev', [pushToMain.label]],
      ['deploy-prod', 'prod', [tag.label]],
    ]);
  });

  it('runs one tag at a time, across tags, and never cancels a deploy under way', () => {
    const concurrency = workflow.concurrency;
    if (typeof concurrency !== 'object') throw new Error('deploy.yml has no concurrency group');
    const group = (event: WorkflowEvent) => interpolate(concurrency.group, { github: event.github });
    expect(group(versionTag('v1.5.0'))).toBe(group(tag));
    expect(group(pushToMain)).not.toBe(group(tag));
    expect(group(pullRequest)).not.toBe(group(tag));
    expect(concurrency['cancel-in-progress']).toBe(false);
  });

  it("shows the approver prod's diff before the approval, and deploys exactly the assembly it diffed", () => {
    const [diff, deploy] = [jobNamed(workflow, 'diff-prod'), jobNamed(workflow, 'deploy-prod')];
    expect([environmentOf(diff), environmentOf(deploy), deploy.needs]).toEqual([
      'prod-diff',
      'prod',
      'diff-prod',
    ]);
    expect(runsWithCredentials(diff)).toEqual([
      expect.stringMatching(
        /npx cdk diff --app cdk.out-prod --method=template [\s\S]*>> "\$GITHUB_STEP_SUMMARY"/,
      ),
    ]);
    const upload = diff.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    const download = deploy.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).toEqual({ name: upload?.with?.name, path: upload?.with?.path });
    expect(diff.steps.map((step) => step.run)).toContain(
      `npx cdk synth -c stage=prod -q -o ${upload?.with?.path}`,
    );
  });

  it('deploys the account setup stack, then the stage, then smoke-tests the stage', () => {
    for (const [name, stage] of [
      ['deploy-dev', 'dev'],
      ['deploy-prod', 'prod'],
    ] as const) {
      expect([name, ...runsWithCredentials(jobNamed(workflow, name))]).toEqual([
        name,
        'npx cdk deploy -c setup=account --require-approval never',
        `npx cdk deploy --app cdk.out-${stage} --require-approval never`,
        `npm run smoke -- --stage ${stage}`,
      ]);
    }
  });
});

/** What synth of prod says while stages/prod.json names no account (as shipped); none once it does. */
const prodSynthRefusal = (): string | undefined => {
  try {
    stageSettings('prod', readStageFile('prod'));
    return undefined;
  } catch (error) {
    if (error instanceof StageSettingsError) return error.message;
    throw error;
  }
};

const failures = (outcomes: Iterable<JobOutcome>) =>
  [...outcomes].flatMap((job) =>
    job.steps.filter((s) => s.status === 'failed').map((s) => `${job.job} › ${s.label}: ${s.detail}`),
  );

describe('every step of the deploy workflow that needs no AWS account, run as GitHub runs it', () => {
  let root: string;
  let outcomes: Map<string, JobOutcome>;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'commerce-api-deploy-workflow-'));
    outcomes = await runOffline(workflow, events, root);
    // Every job of three events in fresh copies of the repository (type-check, lint, synths, a
    // smoke run with a sandbox of its own): minutes, far more than any other test of e2e-slow.
  }, 20 * 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The jobs only a tag runs: prod's path. */
  const prodPath = () =>
    Object.keys(workflow.jobs).filter((job) => eventsRunning(job).every((e) => e === tag));
  const onProdPath = (on: boolean) =>
    [...outcomes.values()].filter((job) => prodPath().includes(job.job) === on);

  it('passes in every job off the prod path', () => {
    expect(failures(onProdPath(false))).toEqual([]);
    expect(onProdPath(false).map((job) => [job.job, job.status])).toEqual([
      ['test', 'passed'],
      ['diff-dev', 'passed'],
      ['deploy-dev', 'passed'],
    ]);
  });

  it('leaves out, off the prod path, only what needs the AWS account and the test suite itself', () => {
    const leftOut = onProdPath(false).flatMap((job) =>
      job.steps
        .filter((s) => s.status === 'not run' || s.status === 'skipped')
        .filter((s) => !(s.kind === 'needs-aws' || s.kind === 'test-suite'))
        .map((s) => `${job.job} › ${s.label}: ${s.detail}`),
    );
    expect(leftOut).toEqual([]);
    const ran = outcomes.get('test')?.steps.filter((s) => s.kind === 'run' && s.status === 'passed');
    expect(ran?.map((s) => s.label)).toEqual(
      expect.arrayContaining([
        'npm run typecheck',
        'npm run lint',
        'Synth dev',
        'Smoke test against a sandbox',
      ]),
    );
  });

  it("stops prod's path at prod's synth, with the stage file's message, while prod names no account", () => {
    const refusal = prodSynthRefusal();
    const diffProd = outcomes.get('diff-prod');
    if (refusal === undefined) {
      expect(onProdPath(true).map((job) => [job.job, job.status, job.detail])).toEqual([
        ['diff-prod', 'passed', ''],
        ['deploy-prod', 'passed', ''],
      ]);
      return;
    }
    const synth = diffProd?.steps.find((s) => s.step.run?.startsWith('npx cdk synth -c stage=prod'));
    expect(synth?.status ?? `diff-prod ${diffProd?.status}: ${diffProd?.detail}`).toBe('failed');
    expect(synth?.output).toContain(refusal);
    expect(failures(onProdPath(true))).toEqual([
      expect.stringMatching(/^diff-prod › Synth prod: exit code 1/),
    ]);
    // Only the prod path is stopped: what did not run at all is the rest of it.
    const notReached = [...outcomes.values()]
      .filter((job) => job.status === 'not reached')
      .map((job) => job.job);
    expect(notReached).toEqual(['deploy-prod']);
    expect([...notReached, 'diff-prod'].every((job) => prodPath().includes(job))).toBe(true);
  });
});
