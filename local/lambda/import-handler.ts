import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import type { FunctionSpec } from '#functions/function-registry';
import { functionEntry } from '#lib/project-paths';
import { checkFunctionsTableGrants, runAs } from '../iam/table-grants';

/** A function's handler as the sandbox calls it: the event, a Lambda context, a promise of the answer. */
export type LambdaHandler<Event> = (event: Event, context: Context) => Promise<unknown>;

/** Gives the handler of a function (tests give stand-ins). */
export type HandlerLoader<Handler> = (fn: FunctionSpec) => Promise<Handler>;

/**
 * Loads a function's module through the running tsx, as the stack bundles the same entry file.
 * Each call of the handler runs as that function, whose table requests are held to its grants
 * (local/iam/table-grants.ts).
 */
export const importHandler = async <Handler>(fn: FunctionSpec): Promise<Handler> => {
  await checkFunctionsTableGrants();
  const module = (await import(pathToFileURL(functionEntry(fn.handler)).href)) as { handler?: unknown };
  if (typeof module.handler !== 'function') throw new Error(`${fn.handler} does not export a handler`);
  const handler = module.handler as (...args: unknown[]) => unknown;
  return ((...args: unknown[]) => runAs(fn, () => handler(...args))) as Handler;
};
