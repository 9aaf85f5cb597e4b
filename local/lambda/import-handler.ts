import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import type { FunctionSpec } from '../../functions/routes';
import { functionEntry } from '../../lib/project-paths';

/** A function's handler as the sandbox calls it: the event, a Lambda context, a promise of the answer. */
export type LambdaHandler<Event> = (event: Event, context: Context) => Promise<unknown>;

/** Gives the handler of a function (tests give stand-ins). */
export type HandlerLoader<Handler> = (fn: FunctionSpec) => Promise<Handler>;

/** Loads a function's module through the running tsx, as the stack bundles the same entry file. */
export const importHandler = async <Handler>(fn: FunctionSpec): Promise<Handler> => {
  const module = (await import(pathToFileURL(functionEntry(fn.handler)).href)) as { handler?: unknown };
  if (typeof module.handler !== 'function') throw new Error(`${fn.handler} does not export a handler`);
  return module.handler as Handler;
};
