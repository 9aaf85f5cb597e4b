/**
 * Catalogue publishing in the sandbox: the import bucket (on the sandbox's s3rver) and the
 * publish state machine as its construct synthesizes it, run by the sandbox's Step Functions
 * with the same task function as the stack. Only the wait before the previous version is removed
 * is shorter, so a publish ends in seconds; readers' caches are as short as in AWS.
 */
import { PUBLISH_STATES } from '../../functions/catalogue/domain/catalogue-publishing';
import { catalogueFunctions } from '../../functions/routes';
import { resourceName } from '../../lib/resource-names';
import type { RunningSandbox } from '../running-sandbox';
import { SANDBOX_STAGE } from '../sandbox-identity';
import type { StateMachineSetup } from '../stepfunctions/sandbox-step-functions';
import {
  type StateMachineConstruct,
  synthesizeStateMachine,
} from '../stepfunctions/synthesize-state-machine';

/** The stack lets CloudFormation name the import bucket; the sandbox has a fixed name of its own. */
export const SANDBOX_CATALOGUE_BUCKET = resourceName(SANDBOX_STAGE, 'catalogue-imports');

/**
 * The sandbox's grace before the previous version is removed: twice a reader's cache of the
 * active version (5 s) plus a request's time, instead of AWS's minute.
 */
export const SANDBOX_GRACE_MS = 12_000;

/** The publish workflow's construct (lib/catalogue-publishing.ts), built alone beside its table. */
export const cataloguePublishingConstruct: StateMachineConstruct = {
  stackId: 'SandboxCatalogue',
  kind: 'catalogue publish',
  functions: Object.values(catalogueFunctions),
  async build(stack, { settings, table }) {
    const { CataloguePublishing } = await import('../../lib/catalogue-publishing');
    return new CataloguePublishing(stack, 'Catalogue', { settings, table }).stateMachine;
  },
};

export interface SandboxCatalogue {
  readonly bucket: string;
  readonly stateMachine: StateMachineSetup;
}

export async function openSandboxCatalogue(): Promise<SandboxCatalogue> {
  const machine = await synthesizeStateMachine(cataloguePublishingConstruct);
  return {
    bucket: SANDBOX_CATALOGUE_BUCKET,
    stateMachine: { machine, waitsMs: { [PUBLISH_STATES.waitForReaders]: SANDBOX_GRACE_MS } },
  };
}

/** What `sandbox.json` says of catalogue publishing: the import bucket and the state machine. */
export const runningCatalogue = (
  catalogue: SandboxCatalogue,
): Pick<RunningSandbox, 'catalogueBucket' | 'catalogueStateMachineArn'> => ({
  catalogueBucket: catalogue.bucket,
  catalogueStateMachineArn: catalogue.stateMachine.machine.stateMachineArn,
});
