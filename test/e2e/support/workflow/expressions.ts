import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';

/**
 * GitHub Actions expressions, evaluated by GitHub's own library (@actions/expressions): a job's
 * or step's `if:`, the concurrency group, and `${{ }}` in what a step runs. The status functions
 * (`success()`, `always()`, …), which the library leaves to its host, answer from `succeeded`:
 * whether every job needed (for a job) or every earlier step (for a step) succeeded.
 */

/** The contexts an expression may read, as plain JSON (`github`, `needs`, `env`, `runner`, …). */
export type Contexts = Record<string, unknown>;

const statusFunctions = (succeeded: boolean) =>
  new Map(
    Object.entries({ success: succeeded, failure: !succeeded, always: true, cancelled: false }).map(
      ([name, value]) => [name, { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value) }],
    ),
  );

const evaluate = (expression: string, contexts: Contexts, succeeded: boolean): data.ExpressionData => {
  const functions = statusFunctions(succeeded);
  const tokens = new Lexer(expression).lex().tokens;
  const parsed = new Parser(tokens, Object.keys(contexts), [...functions.values()]).parse();
  const values = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
  return new Evaluator(parsed, values, functions).evaluate();
};

const STATUS_CALL = /\b(success|failure|always|cancelled)\s*\(/i;

/**
 * An `if:` as GitHub decides it: `${{ }}` optional, and `success() && (…)` unless the condition
 * calls a status function itself; no condition at all is `success()`.
 */
export const conditionHolds = (
  condition: string | boolean | undefined,
  contexts: Contexts,
  succeeded: boolean,
): boolean => {
  if (typeof condition === 'boolean') return condition && succeeded;
  const bare = (condition ?? '')
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, '$1')
    .trim();
  if (bare === '') return succeeded;
  const expression = STATUS_CALL.test(bare) ? bare : `success() && (${bare})`;
  return truthy(evaluate(expression, contexts, succeeded));
};

/** A value with `${{ … }}` in it, each replaced by its value as a string. */
export const interpolate = (text: string, contexts: Contexts): string =>
  text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) =>
    evaluate(expression, contexts, true).coerceString(),
  );

/** Whether a value reads a context (e.g. `secrets`) anywhere in its `${{ … }}`. */
export const readsContext = (text: string, context: string): boolean =>
  [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].some((match) =>
    new RegExp(`\\b${context}\\b`).test(match[1] ?? ''),
  );
