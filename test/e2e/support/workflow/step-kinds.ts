import { readsContext } from './expressions';
import type { Job, Step } from './workflow-file';

/**
 * What the workflow tests do with each step. Everything a step runs is run, the way GitHub runs
 * it, unless the step is one of these, each for its reason:
 * - `needs-aws`: `aws-actions/configure-aws-credentials` and every step after it in its job, and
 *   any step that reads `secrets` (only GitHub has them): these need the AWS account.
 * - `checkout`, `install-dependencies` (`npm ci`), `setup-node`, `upload-artifact`,
 *   `download-artifact`: played (a copy of the repository, its node_modules linked, the Node.js
 *   major checked, artifacts copied between the jobs' workspaces).
 * - `install-packages` (a run with `apt-get install`): checked, not run: its packages must be
 *   exactly those test/support/debian-packages.ts needs.
 * - `test-suite` (`npm test`, `npx jest`): the suite this check is part of; running it here
 *   would run this check again.
 * A step that uses an action none of these names is `unknown-action`, and fails the check.
 */
export type StepKind =
  | 'needs-aws'
  | 'checkout'
  | 'setup-node'
  | 'install-dependencies'
  | 'install-packages'
  | 'test-suite'
  | 'upload-artifact'
  | 'download-artifact'
  | 'run'
  | 'unknown-action';

const ACTIONS: Record<string, StepKind> = {
  'actions/checkout': 'checkout',
  'actions/setup-node': 'setup-node',
  'actions/upload-artifact': 'upload-artifact',
  'actions/download-artifact': 'download-artifact',
  'aws-actions/configure-aws-credentials': 'needs-aws',
};

/** The action a step uses, without its version (`actions/checkout`). */
export const actionOf = (step: Step): string | undefined => step.uses?.split('@')[0];

export const isCredentialsStep = (step: Step): boolean =>
  actionOf(step) === 'aws-actions/configure-aws-credentials';

const readsSecrets = (step: Step) =>
  [step.run ?? '', ...Object.values(step.env ?? {}), ...Object.values(step.with ?? {})].some((value) =>
    readsContext(String(value), 'secrets'),
  );

const kindOfRun = (run: string): StepKind => {
  const command = run.trim();
  if (/^npm ci\b/.test(command)) return 'install-dependencies';
  if (/^(npm test|npm run test|npx jest)\b/.test(command)) return 'test-suite';
  if (/\bapt-get install\b/.test(command)) return 'install-packages';
  return 'run';
};

/** Each step of a job with its kind. */
export const stepKinds = (job: Job): { step: Step; kind: StepKind }[] => {
  const credentialsAt = job.steps.findIndex(isCredentialsStep);
  return job.steps.map((step, index) => {
    if ((credentialsAt >= 0 && index >= credentialsAt) || readsSecrets(step))
      return { step, kind: 'needs-aws' };
    const action = actionOf(step);
    if (action !== undefined) return { step, kind: ACTIONS[action] ?? 'unknown-action' };
    return { step, kind: kindOfRun(step.run ?? '') };
  });
};
