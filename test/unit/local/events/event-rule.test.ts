import { EVENT_TYPE_NAMES } from '#functions/contracts/event-types';
import { THROWAWAY_STAGE_FILE } from '#lib/stage';
import { matchesPattern } from '#local/events/event-pattern';
import { synthesizeEventRule } from '#local/events/synthesize-event-rule';
import { resourcesOfType, synth } from '../../../infra/synth';

describe('the sandbox’s event rule', () => {
  it('is the rule of the whole stack’s template: same bus, pattern and target queue', async () => {
    const sandbox = await synthesizeEventRule('sandbox');
    const { template } = synth({ stage: 'sandbox', stageFile: THROWAWAY_STAGE_FILE });
    const [rule] = Object.values(resourcesOfType(template, 'AWS::Events::Rule'));
    const [bus] = Object.values(resourcesOfType(template, 'AWS::Events::EventBus'));
    const queueNames = Object.values(resourcesOfType(template, 'AWS::SQS::Queue')).map(
      (q) => q.Properties.QueueName,
    );
    expect(sandbox.pattern).toEqual(rule!.Properties.EventPattern);
    expect(sandbox.ruleName).toBe(rule!.Properties.Name);
    expect(sandbox.busName).toBe(bus!.Properties.Name);
    expect(queueNames).toContain(sandbox.targetQueueName);
    expect(sandbox).toMatchObject({
      busName: 'commerce-api-sandbox',
      targetQueueName: 'commerce-api-sandbox-events',
    });
  });

  it('lets every type of ours through from its source, and nothing else', async () => {
    const { pattern } = await synthesizeEventRule('sandbox');
    const envelope = (source: string, type: string) => ({ source, 'detail-type': type, detail: {} });
    for (const type of EVENT_TYPE_NAMES) {
      const source = type.startsWith('order.') ? 'commerce.orders' : 'commerce.users';
      expect(matchesPattern(pattern, envelope(source, type))).toBe(true);
    }
    expect(matchesPattern(pattern, envelope('commerce.orders', 'order.deleted'))).toBe(false);
    expect(matchesPattern(pattern, envelope('aws.ec2', 'order.placed'))).toBe(false);
  });
});
