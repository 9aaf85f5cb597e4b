import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import type { FunctionSpec } from '#functions/function-registry';
import { deniedParts } from './table-requests';

/**
 * The sandbox plays IAM for the table (docs/decisions/functions-and-bundles.md D53; docs/decisions/sandbox-and-tools.md D54): while a function runs, each
 * DynamoDB request it sends through the functions' shared client is checked against that
 * function's grants (functions/routes.ts or functions/function-registry.ts, the same lists the stack turns into its policy) and,
 * outside them, refused with AccessDeniedException, as AWS would. So every e2e test runs each
 * function with exactly the access it is deployed with. Requests of the sandbox itself (seeding,
 * table creation) go through clients of their own and are not checked.
 */
const running = new AsyncLocalStorage<FunctionSpec>();

/** Runs `work` as the function `fn`: its table requests are checked against `fn.table`. */
export const runAs = <T>(fn: FunctionSpec, work: () => T): T => running.run(fn, work);

type Middleware = (
  next: (args: { input: unknown }) => Promise<unknown>,
  context: { commandName?: string },
) => (args: { input: unknown }) => Promise<unknown>;

/** What the check needs of a client: its middleware stack. */
export interface ClientWithMiddleware {
  readonly middlewareStack: {
    add(middleware: Middleware, options: { step: 'build'; name: string; override?: boolean }): void;
  };
}

/** How many function requests were checked and refused since the sandbox started (`/_sandbox/stats`). */
export const tableGrantChecks = { checked: 0, refused: 0 };

export const tableGrantsMiddleware: Middleware = (next, context) => async (args) => {
  const fn = running.getStore();
  if (fn) {
    tableGrantChecks.checked += 1;
    const denied = deniedParts(fn.table ?? [], context.commandName ?? '', args.input);
    if (denied.length > 0) {
      tableGrantChecks.refused += 1;
      const [part] = denied;
      throw new DynamoDBServiceException({
        name: 'AccessDeniedException',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
        message:
          `${fn.name} is not authorized to perform ${part!.action} on ${part!.index ? `index ${part!.index}` : 'the table'} ` +
          `for ${JSON.stringify(part!.keys)}: its table grants (functions/routes.ts, functions/function-registry.ts) do not allow it`,
      });
    }
  }
  return next(args);
};

/** Adds the check to a client (idempotent). */
export const checkTableGrants = (client: ClientWithMiddleware): void =>
  client.middlewareStack.add(tableGrantsMiddleware, {
    step: 'build',
    name: 'sandboxTableGrants',
    override: true,
  });

let installed: Promise<void> | undefined;
/**
 * Adds the check to the functions' shared DynamoDB client, once, when the first function is
 * loaded (the environment that points it at dynalite is set by then).
 */
export const checkFunctionsTableGrants = (): Promise<void> => {
  installed ??= import('#functions/contracts/functions-dynamodb-client').then(({ documentClient }) =>
    checkTableGrants(documentClient as unknown as ClientWithMiddleware),
  );
  return installed;
};
