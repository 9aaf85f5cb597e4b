/**
 * What the sandbox needs to know of a queue of the stack and of the function that consumes it,
 * as data: each entry is built from the settings module its CDK construct is built from, so the
 * sandbox and the stack cannot drift apart. One thing is changed on purpose, and only one: the
 * wait before a failed message is retried (see SANDBOX_TIME_COMPRESSION).
 */
import type { FunctionSpec } from '#functions/function-registry';
import type { QueueConsumerSettings } from '#lib/batch-queue-settings';

/**
 * How much faster than in AWS a failed message comes back in the sandbox.
 *
 * In AWS a message the processor fails on stays invisible for the queue's whole visibility
 * timeout (180 s: 6 × the processor's 30 s timeout) before its next delivery. The sandbox keeps
 * that timeout on the queue and receives with it, so a message is never handed out twice while
 * an invocation still runs, however slow; but when an invocation reports a message failed (or
 * throws), the sandbox sets that message's visibility to the timeout divided by this factor:
 * 180 s / 180 = 1 s. Retries, receive counts and the redrive to the dead-letter queue after
 * `maxReceiveCount` receives happen exactly as in AWS, in seconds instead of minutes.
 * (Dividing the queue's timeout itself instead would hand a message to a second poller when an
 * invocation takes longer than 1 s, which a 250-item invocation on dynalite can.)
 */
export const SANDBOX_TIME_COMPRESSION = 180;

/** The compressed wait before a failed message's next delivery: whole seconds, as SQS takes them. */
export const retryDelaySeconds = (visibilityTimeoutSeconds: number): number =>
  Math.max(1, Math.round(visibilityTimeoutSeconds / SANDBOX_TIME_COMPRESSION));

/** A queue as CreateQueue takes it. */
export interface SandboxQueueDefinition {
  readonly name: string;
  /** SQS attribute names and values. */
  readonly attributes: Readonly<Record<string, string>>;
}

/** A function on a queue, as Lambda's event source mapping runs it. */
export interface SandboxConsumerDefinition {
  readonly fn: FunctionSpec;
  readonly settings: QueueConsumerSettings;
  /** How many invocations of the function run at once, at most (the mapping's concurrency). */
  readonly concurrency: number;
  readonly retryDelaySeconds: number;
}

/** A queue of the stack and the function that consumes it. */
export interface QueueWiring {
  /** The queue's name at the sandbox's stage, as the construct names it. */
  readonly name: string;
  readonly settings: { readonly visibilityTimeoutSeconds: number; readonly retentionPeriodSeconds: number };
  /** Where messages go after `maxReceiveCount` receives: the name of a queue wired before this one. */
  readonly redrive?: { readonly deadLetterQueue: string; readonly maxReceiveCount: number };
  readonly consumer?: SandboxConsumerDefinition;
  /** Whether SANDBOX_FAULTS' rules apply to this consumer's deliveries. */
  readonly faults?: boolean;
}

/** The queue to create; `deadLetterQueueArn` is the ARN of the queue the redrive policy names. */
export function queueDefinition(wiring: QueueWiring, deadLetterQueueArn?: string): SandboxQueueDefinition {
  const attributes = {
    VisibilityTimeout: String(wiring.settings.visibilityTimeoutSeconds),
    MessageRetentionPeriod: String(wiring.settings.retentionPeriodSeconds),
  };
  if (!wiring.redrive) return { name: wiring.name, attributes };
  if (!deadLetterQueueArn) throw new Error(`The queue ${wiring.name} redrives to a queue that has no ARN`);
  return {
    name: wiring.name,
    attributes: {
      ...attributes,
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: deadLetterQueueArn,
        maxReceiveCount: wiring.redrive.maxReceiveCount,
      }),
    },
  };
}
