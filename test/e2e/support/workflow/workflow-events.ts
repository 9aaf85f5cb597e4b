import type { Contexts } from './expressions';

/**
 * The events the deploy workflow answers, as GitHub would describe them to it: the `github`
 * context its expressions read. The repository's name is made up; only its equality with the
 * pull request's head repository matters.
 */
export interface WorkflowEvent {
  readonly label: string;
  readonly github: Contexts;
}

const repository = 'example-owner/commerce-api';

const event = (label: string, event_name: string, ref: string, payload: Contexts = {}): WorkflowEvent => ({
  label,
  github: {
    event_name,
    ref,
    ref_name: ref.replace(/^refs\/(heads|tags)\//, ''),
    repository,
    event: payload,
  },
});

const pullRequestFrom = (headRepository: string) => ({
  pull_request: { number: 7, head: { ref: 'a-change', repo: { full_name: headRepository } } },
});

export const pullRequest = event(
  'a pull request',
  'pull_request',
  'refs/pull/7/merge',
  pullRequestFrom(repository),
);
export const pullRequestFromFork = event(
  "a fork's pull request",
  'pull_request',
  'refs/pull/8/merge',
  pullRequestFrom('someone-else/commerce-api'),
);
export const pushToMain = event('a push to main', 'push', 'refs/heads/main');
export const pushToBranch = event('a push to another branch', 'push', 'refs/heads/a-change');
export const versionTag = (version: string): WorkflowEvent =>
  event(`the tag ${version}`, 'push', `refs/tags/${version}`);
