import type { Caller, CheckContext, Writer } from './check-context';
import type { SmokePlan } from './smoke-plan';
import { tokenSkip, writeSkip } from './smoke-plan';
import type { StageAccess } from './smoke-stage';
import { smokeUserId } from './smoke-user';

/** Who calls the token routes, and what each token or write check says when it cannot run. */
export interface CallerSetup {
  readonly caller?: Caller;
  /** Why the token routes are not checked. */
  readonly readSkip?: string;
  /** For a write check (`what`: "a batch"): the writer, or why it does not run. */
  writer(what: string): readonly [writer: Writer | undefined, skip: string | undefined];
}

/**
 * Sets up the caller as the plan says: the stage's access beside the API (a deployed stage's
 * smoke role) when the run will write, then the token: the one given, or a smoke user made
 * for the run, whose items are removed at the end (added to the cleanup before it is made).
 */
export async function callerCheck(
  { api, checks, stage, cleanup }: CheckContext,
  plan: SmokePlan,
  givenToken: string | undefined,
): Promise<CallerSetup> {
  let access: StageAccess | undefined;
  const noAccess = "the stage's access beside the API failed: the run writes nothing it could not remove";
  if (plan.writes && plan.caller.kind !== 'none') {
    await checks.run('stage: access beside the API', async () => {
      access = await stage.access(api);
      return access.description;
    });
  }

  let caller: Caller | undefined;
  let readSkip = tokenSkip(plan);
  const { kind } = plan.caller;
  if (kind === 'given-token' && givenToken !== undefined) caller = { token: givenToken };
  else if (kind === 'sandbox-user' || kind === 'temporary-user') {
    const users = access?.users;
    if (!access || !users) {
      readSkip = noAccess;
      checks.skip('caller: a smoke user', noAccess);
    } else {
      const id = smokeUserId();
      const { store } = access;
      cleanup.add(`user ${id}'s record, webhook secrets and limit items`, () => store.removeUserItems(id));
      let token: string | undefined;
      const { name, how } = users.describe(id);
      const made = await checks.run(`caller: ${name}`, async () => {
        token = await users.make(id, cleanup);
        return how;
      });
      if (made && token) caller = { token, userId: id };
      else readSkip = 'needs the caller, whose check failed';
    }
  } else if (readSkip) checks.skip('caller', readSkip);

  return {
    ...(caller ? { caller } : {}),
    ...(readSkip ? { readSkip } : {}),
    writer(what) {
      const skip =
        writeSkip(plan, what) ?? (caller ? undefined : readSkip) ?? (access ? undefined : noAccess);
      return skip === undefined && caller && access
        ? [{ caller, store: access.store }, undefined]
        : [undefined, skip ?? noAccess];
    },
  };
}
