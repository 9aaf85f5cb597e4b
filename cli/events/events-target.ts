import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { eventBusName } from '../../lib/order-events-settings';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION, SANDBOX_STAGE } from '../../local/sandbox-identity';
import { requireRunningSandbox } from '../stage-command';

/** Where events go: a client and the stage's bus. */
export interface EventsTarget {
  readonly stage: string;
  readonly client: EventBridgeClient;
  readonly busName: string;
}

/**
 * The stage to send to: `sandbox` (the default) is the sandbox running on the state directory,
 * whose bus `sandbox.json` names; any other stage is a deployed one, reached with the AWS SDK's
 * default credentials and region (AWS_PROFILE, AWS_REGION …), its bus `commerce-api-<stage>`.
 */
export function resolveEventsTarget(stage: string | undefined, stateDir: string): EventsTarget {
  const name = stage ?? SANDBOX_STAGE;
  if (name !== SANDBOX_STAGE) {
    return { stage: name, client: new EventBridgeClient({}), busName: eventBusName(name) };
  }
  const running = requireRunningSandbox(stateDir);
  return {
    stage: name,
    client: new EventBridgeClient({
      endpoint: running.eventsEndpoint,
      region: SANDBOX_REGION,
      credentials: SANDBOX_CREDENTIALS,
    }),
    busName: eventBusName(SANDBOX_STAGE),
  };
}
