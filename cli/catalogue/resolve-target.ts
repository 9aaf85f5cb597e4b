import { runningSandbox } from '../../local/running-sandbox';
import { DEFAULT_STATE_DIR } from '../../local/state-dir';
import { type CatalogueTarget, deployedTarget, sandboxTarget } from './stage-target';

export class UsageError extends Error {}

/**
 * The stage a command acts on: `--stage sandbox` (the default) is the sandbox running on the
 * state directory; any other name is the deployed stack of that stage.
 */
export async function resolveTarget(
  stage = 'sandbox',
  stateDir = DEFAULT_STATE_DIR,
): Promise<CatalogueTarget> {
  if (stage !== 'sandbox') return deployedTarget(stage);
  const running = runningSandbox(stateDir);
  if (!running) {
    throw new UsageError(
      `No sandbox is running on ${stateDir}: start it with \`npm start\`, or pass --stage NAME.`,
    );
  }
  return sandboxTarget(running);
}
