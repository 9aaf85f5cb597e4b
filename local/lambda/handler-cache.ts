import type { FunctionSpec } from '#functions/function-registry';
import type { HandlerLoader } from './import-handler';

/**
 * One module load per function, shared by concurrent first invocations; forgotten on failure,
 * so a handler file fixed while the sandbox runs is picked up by the next invocation.
 */
export function handlerCache<Handler>(load: HandlerLoader<Handler>): HandlerLoader<Handler> {
  const handlers = new Map<string, Promise<Handler>>();
  return (fn: FunctionSpec) => {
    let handler = handlers.get(fn.name);
    if (!handler) {
      handler = load(fn);
      handlers.set(fn.name, handler);
      handler.catch(() => handlers.delete(fn.name));
    }
    return handler;
  };
}
