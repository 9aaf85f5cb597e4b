import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as v from 'valibot';
import { parse } from 'yaml';
import { projectRoot } from '#lib/project-paths';

/**
 * A GitHub workflow file read with a maintained YAML parser and held to the part of GitHub's
 * syntax the workflow runner of these tests plays (workflow-run.ts). The objects are strict: a key
 * that changes how a step runs and that the runner does not play (`container`, `services`,
 * `strategy`, `continue-on-error`, …) fails the test that reads it, rather than being ignored.
 */

const scalar = v.union([v.string(), v.number(), v.boolean()]);
const variables = v.record(v.string(), scalar);
/** An `if:` is an expression, with or without `${{ }}`; YAML may read a bare `true` as a boolean. */
const condition = v.union([v.string(), v.boolean()]);
const runDefaults = v.strictObject({
  run: v.strictObject({ shell: v.optional(v.string()), 'working-directory': v.optional(v.string()) }),
});
const permissions = v.union([v.string(), v.record(v.string(), v.string())]);

const stepSchema = v.strictObject({
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  if: v.optional(condition),
  uses: v.optional(v.string()),
  with: v.optional(variables),
  run: v.optional(v.string()),
  shell: v.optional(v.string()),
  'working-directory': v.optional(v.string()),
  env: v.optional(variables),
  'timeout-minutes': v.optional(v.number()),
});

const jobSchema = v.strictObject({
  name: v.optional(v.string()),
  if: v.optional(condition),
  needs: v.optional(v.union([v.string(), v.array(v.string())])),
  'runs-on': v.string(),
  environment: v.optional(
    v.union([v.string(), v.strictObject({ name: v.string(), url: v.optional(v.string()) })]),
  ),
  permissions: v.optional(permissions),
  concurrency: v.optional(v.unknown()),
  'timeout-minutes': v.optional(v.number()),
  env: v.optional(variables),
  defaults: v.optional(runDefaults),
  steps: v.array(stepSchema),
});

const concurrencySchema = v.union([
  v.string(),
  v.strictObject({ group: v.string(), 'cancel-in-progress': v.optional(v.union([v.boolean(), v.string()])) }),
]);

const workflowSchema = v.strictObject({
  name: v.optional(v.string()),
  on: v.unknown(),
  permissions: v.optional(permissions),
  concurrency: v.optional(concurrencySchema),
  env: v.optional(variables),
  defaults: v.optional(runDefaults),
  jobs: v.record(v.string(), jobSchema),
});

export type Step = v.InferOutput<typeof stepSchema>;
export type Job = v.InferOutput<typeof jobSchema>;
export type Workflow = v.InferOutput<typeof workflowSchema>;

export const WORKFLOWS_DIR = path.join(projectRoot, '.github', 'workflows');

/** The file's text, for what YAML does not keep (the version comments beside pinned actions). */
export const workflowText = (file: string): string => readFileSync(path.join(WORKFLOWS_DIR, file), 'utf8');

/** Parses and checks a workflow; a key the runner does not play is named in the error. */
export const parseWorkflow = (text: string, file: string): Workflow => {
  const parsed = v.safeParse(workflowSchema, parse(text));
  if (parsed.success) return parsed.output;
  const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(top)'}: ${issue.message}`);
  throw new Error(`${file} uses what the workflow runner of the tests does not play:\n${issues.join('\n')}`);
};

/** A workflow file of .github/workflows, parsed and checked. */
export const readWorkflow = (file: string): Workflow => parseWorkflow(workflowText(file), file);

/** The jobs a job waits for. */
export const needsOf = (job: Job): string[] => (job.needs === undefined ? [] : [job.needs].flat());

/** The job's GitHub environment, if it has one. */
export const environmentOf = (job: Job): string | undefined =>
  typeof job.environment === 'object' ? job.environment.name : job.environment;

/** How a step is named in messages: its name, or what it runs or uses. */
export const stepLabel = (step: Step): string =>
  step.name ?? step.run?.split('\n')[0] ?? step.uses ?? '(step)';

/** A job by name; a name the workflow does not have is an error that says so. */
export const jobNamed = (workflow: Workflow, name: string): Job => {
  const job = workflow.jobs[name];
  if (job === undefined) throw new Error(`the workflow has no job ${name}`);
  return job;
};
