import type { WorkflowEvent } from './workflow-events';

/**
 * Whether a workflow's `on:` starts a run for an event: the event's name, and for a push its
 * `branches` and `tags` filters (GitHub's globs: `*` within a path segment, `**` across them). A
 * filter the tests do not play (`paths`, `branches-ignore`, a pull request's base branches) fails.
 */

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split(/(\*\*|\*)/)
      .map((part) =>
        part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );

const matchesAny = (patterns: unknown, name: string) =>
  Array.isArray(patterns) && patterns.some((pattern) => glob(String(pattern)).test(name));

const PLAYED_FILTERS = ['branches', 'tags'];

export const triggers = (on: unknown, event: WorkflowEvent): boolean => {
  const name = String(event.github.event_name);
  if (typeof on === 'string' || Array.isArray(on)) return [on].flat().includes(name);
  const triggers = on as Record<string, Record<string, unknown> | null>;
  if (!(name in triggers)) return false;
  const filters = triggers[name] ?? {};
  const unplayed = Object.keys(filters).filter((key) => !(name === 'push' && PLAYED_FILTERS.includes(key)));
  if (unplayed.length > 0) throw new Error(`on.${name}.${unplayed[0]} is not played by the workflow tests`);
  if (name !== 'push' || Object.keys(filters).length === 0) return true;
  const ref = String(event.github.ref);
  if (ref.startsWith('refs/heads/')) return matchesAny(filters.branches, ref.slice('refs/heads/'.length));
  if (ref.startsWith('refs/tags/')) return matchesAny(filters.tags, ref.slice('refs/tags/'.length));
  return false;
};
