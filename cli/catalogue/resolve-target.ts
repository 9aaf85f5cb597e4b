import { type CatalogueTarget, sandboxTarget } from '#local/catalogue/catalogue-target';
import { requireRunningSandbox } from '../stage-command';
import { deployedTarget } from './stage-target';

/**
 * The stage a command acts on: `sandbox` is the sandbox running on the state directory; any
 * other name is the deployed stack of that stage.
 */
export async function resolveTarget(stage: string, stateDir: string): Promise<CatalogueTarget> {
  return stage === 'sandbox' ? sandboxTarget(requireRunningSandbox(stateDir)) : deployedTarget(stage);
}
