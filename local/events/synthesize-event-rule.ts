import type { EventPattern } from './event-pattern';

/** What the sandbox's bus needs of the stack's rule: its bus, its pattern and the queue it targets. */
export interface SandboxEventRule {
  readonly busName: string;
  readonly ruleName: string;
  readonly pattern: EventPattern;
  /** The name of the SQS queue the rule's one target sends to. */
  readonly targetQueueName: string;
}

/**
 * Builds the events construct in-process, with bundling off, in a throwaway stack beside the
 * table it needs, and reads the rule back as synthesis resolves it: the sandbox matches events
 * with exactly the pattern the stack deploys (a unit test compares it with the whole stack's
 * template). aws-cdk-lib is imported here, lazily, as for the state machines.
 */
export async function synthesizeEventRule(stage: string): Promise<SandboxEventRule> {
  const [
    { App, Stack },
    { CfnEventBus, CfnRule },
    { CfnQueue },
    { CommerceTable },
    { stageSettings, THROWAWAY_STAGE_FILE },
    { OrderEvents },
  ] = await Promise.all([
    import('aws-cdk-lib'),
    import('aws-cdk-lib/aws-events'),
    import('aws-cdk-lib/aws-sqs'),
    import('#lib/storage'),
    import('#lib/stage'),
    import('#lib/order-events'),
  ]);
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'SandboxOrderEvents');
  const settings = stageSettings(stage, THROWAWAY_STAGE_FILE);
  const { table } = new CommerceTable(stack, 'Storage', { settings });
  const events = new OrderEvents(stack, 'OrderEvents', { settings, table });
  const rule = events.rule.node.defaultChild;
  const bus = events.bus.node.defaultChild;
  const queue = events.queue.node.defaultChild;
  if (!(rule instanceof CfnRule) || !(bus instanceof CfnEventBus) || !(queue instanceof CfnQueue)) {
    throw new Error('The events construct has no rule, bus or queue resource');
  }
  const resolved = stack.resolve({ name: rule.name, pattern: rule.eventPattern, targets: rule.targets });
  const [target, ...others] = resolved.targets as { arn: unknown }[];
  const queueId = stack.resolve(queue.logicalId);
  if (
    !target ||
    others.length > 0 ||
    JSON.stringify(target.arn) !== JSON.stringify({ 'Fn::GetAtt': [queueId, 'Arn'] })
  ) {
    throw new Error('The events rule must have one target, the events queue');
  }
  return {
    busName: bus.name,
    ruleName: resolved.name,
    pattern: resolved.pattern,
    targetQueueName: stack.resolve(queue.queueName),
  };
}
