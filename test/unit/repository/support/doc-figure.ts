/**
 * The shape of a figure the docs state, for doc-figures.test.ts: a figure of the code (a limit, a
 * timeout, a retry count, a cache lifetime, a queue setting, a throttle) with the sentences that
 * state it, or a figure that is not the code's (a measurement, AWS's own limit, an example), so
 * that every number with a unit on a reader's page is one or the other.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

export interface CodeFigure {
  /** What the figure is and where the code sets it, for a failure's message. */
  readonly of: string;
  /**
   * The code's numbers, in the order the sentences' groups capture them; a function when they
   * depend on the match (a row of a table: its attempt number gives its delays).
   */
  readonly is: readonly number[] | ((groups: readonly number[]) => readonly number[]);
  /**
   * Sentences that state it, matched on every page with its lines joined by single spaces: each
   * group is one of the numbers, written as a reader reads it (`1,000`, `4 h 15 min` as 4 and 15).
   */
  readonly said: readonly RegExp[];
}

export interface OtherFigure {
  /** Why these figures are not the code's to state. */
  readonly why: string;
  readonly said: readonly RegExp[];
}

/**
 * A number the code holds, read from its source where importing the module would load too much
 * (aws-cdk-lib) or it exports nothing: the first group of `pattern`, a literal or a product of
 * literals (`1024 * 1024`).
 */
export const inSource = (file: string, pattern: RegExp): number => {
  const found = pattern.exec(readFileSync(path.join(projectRoot, file), 'utf8'))?.[1];
  if (found === undefined)
    throw new Error(`${file} has nothing that matches ${pattern}: update doc-figures' table`);
  return found.split('*').reduce((product, factor) => product * Number(factor.trim().replace(/_/g, '')), 1);
};

/** A stage file shipped with the repository, as JSON. */
export const shippedStage = (stage: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(projectRoot, 'stages', `${stage}.json`), 'utf8'));
