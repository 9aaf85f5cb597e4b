import { Stack } from 'aws-cdk-lib';
import { type IQueue, Queue, type RedriveAllowPolicy, RedrivePermission } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * A dead-letter queue's redrive-allow policy: only the named source queue may send its failed
 * messages here. The source is named by its ARN built from its name, not by a reference, since
 * the source's own redrive policy already refers to the dead-letter queue (a reference back would
 * be a circular dependency).
 */
export function onlyFromQueue(scope: Construct, id: string, sourceQueueName: string): RedriveAllowPolicy {
  const source: IQueue = Queue.fromQueueArn(
    scope,
    id,
    Stack.of(scope).formatArn({ service: 'sqs', resource: sourceQueueName }),
  );
  return { redrivePermission: RedrivePermission.BY_QUEUE, sourceQueues: [source] };
}
