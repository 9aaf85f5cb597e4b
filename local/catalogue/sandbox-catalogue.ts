/**
 * Catalogue publishing in the sandbox: the import bucket (on the sandbox's s3rver) and the
 * publish state machine as its construct synthesizes it, run by the sandbox's Step Functions
 * with the same task function as the stack. Only the wait before the previous version is removed
 * is shorter, so a publish ends in seconds; readers' caches are as short as in AWS.
 */
import { CATALOGUE_LAYOUT, upgradeNeeded } from '#functions/contracts/catalogue-publish-steps';
import { PUBLISH_STATES } from '#functions/contracts/publish-workflow-contract';
import { catalogueFunctions } from '#functions/function-registry';
import { resourceName } from '#lib/resource-names';
import type { RunningSandbox, SandboxServers } from '../running-sandbox';
import { SANDBOX_STAGE } from '../sandbox-identity';
import type { SandboxStepFunctions, StateMachineSetup } from '../stepfunctions/sandbox-step-functions';
import { type StateMachineConstruct, sandboxStateMachine } from '../stepfunctions/synthesize-state-machine';
import { activeCatalogue, describeCatalogue } from './active-catalogue-version';

/** The stack lets CloudFormation name the import bucket; the sandbox has a fixed name of its own. */
export const SANDBOX_CATALOGUE_BUCKET = resourceName(SANDBOX_STAGE, 'catalogue-imports');

/**
 * The sandbox's grace before the previous version is removed: twice a reader's cache of the
 * active version (5 s) plus a request's time, instead of AWS's minute.
 */
export const SANDBOX_GRACE_MS = 12_000;

/** How often an upgrade asks for a lock a publish holds: a sandbox publish takes seconds. */
export const SANDBOX_LOCK_POLL_MS = 1_000;

/** The publish workflow's construct (lib/catalogue-publishing.ts), built alone beside its table. */
export const cataloguePublishingConstruct: StateMachineConstruct = {
  stackId: 'SandboxCatalogue',
  kind: 'catalogue publish',
  functions: Object.values(catalogueFunctions),
  // The deploy starts the catalogue upgrade (docs/decisions/catalogue-versions.md D73); the sandbox, at every start.
  startedByDeploy: true,
  async build(stack, { settings, table }) {
    const { CataloguePublishing } = await import('#lib/catalogue-publishing');
    return new CataloguePublishing(stack, 'Catalogue', { settings, table }).stateMachine;
  },
};

export interface SandboxCatalogue {
  readonly bucket: string;
  readonly stateMachine: StateMachineSetup;
}

export async function openSandboxCatalogue(): Promise<SandboxCatalogue> {
  const machine = await sandboxStateMachine(cataloguePublishingConstruct);
  return {
    bucket: SANDBOX_CATALOGUE_BUCKET,
    stateMachine: {
      machine,
      waitsMs: {
        [PUBLISH_STATES.waitForReaders]: SANDBOX_GRACE_MS,
        [PUBLISH_STATES.waitForLock]: SANDBOX_LOCK_POLL_MS,
      },
    },
  };
}

/** What `sandbox.json` says of catalogue publishing: the import bucket and the state machine. */
export const runningCatalogue = (
  catalogue: SandboxCatalogue,
): Pick<RunningSandbox, 'catalogueBucket' | 'catalogueStateMachineArn'> => ({
  catalogueBucket: catalogue.bucket,
  catalogueStateMachineArn: catalogue.stateMachine.machine.stateMachineArn,
});

/**
 * What a deploy runs after it (docs/decisions/catalogue-versions.md D73), at every start: the publish workflow's
 * executions the synthesized construct's custom resource starts, the catalogue upgrade. When the
 * active version needs none (or nothing was published) it ends at once, and the sandbox waits for
 * it, so that nothing of it runs after "Ready"; otherwise it goes on while the sandbox serves, as
 * in a stage after a deploy. Answers the line the start banner shows.
 */
export async function startCatalogueUpgrade(
  catalogue: SandboxCatalogue,
  stepFunctions: SandboxStepFunctions,
  servers: Pick<SandboxServers, 'dynamodbEndpoint' | 'tableName'>,
): Promise<string> {
  const { machine } = catalogue.stateMachine;
  const executions = stepFunctions.machines.get(machine.stateMachineArn);
  if (!executions) throw new Error(`The sandbox does not run ${machine.stateMachineName}`);
  const active = await activeCatalogue(servers);
  const started = (machine.startedByDeploy ?? []).map(
    (input) => executions.start({ stateMachineArn: machine.stateMachineArn, input }).executionArn,
  );
  if (!active) return 'nothing published yet';
  if (!upgradeNeeded(active)) {
    await Promise.all(started.map((arn) => executions.settled(arn)));
    return `${describeCatalogue(active)}, layout ${active.layout} (this code's)`;
  }
  return (
    `${describeCatalogue(active)}, layout ${active.layout}: upgrading it to layout ${CATALOGUE_LAYOUT} now ` +
    '(listings across partitions and searches answer 503 until it switches; npm run catalogue -- status)'
  );
}
