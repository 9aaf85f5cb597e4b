import { Names, Stack } from 'aws-cdk-lib';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag names a bucket's ARN in the IAM5 finding of a policy held by `holder`
 * (`AwsSolutions-IAM5[Resource::<…>/prefix/*]`), to acknowledge exactly that finding: in the
 * bucket's own stack the ARN is its attribute (`<LogicalId.Arn>`); in another stack of the stage
 * (the route functions' nested stacks, docs/decisions/functions-and-bundles.md D55) it is the parameter CDK names after
 * the bucket and, when the bucket is itself in a nested stack, after that stack's output; in the
 * parent of the bucket's nested stack (the smoke role, lib/smoke-role.ts), that stack's output.
 */
export const bucketArnInFinding = (bucket: IBucket, holder: IConstruct): string => {
  const cfnBucket = bucket.node.defaultChild as CfnBucket;
  const stack = Stack.of(bucket);
  const holderStack = Stack.of(holder);
  if (holderStack === stack) return `<${stack.resolve(cfnBucket.logicalId)}.Arn>`;
  const nested = stack.nestedStackResource;
  // The nested stack's parent reads the ARN straight from the nested stack's outputs.
  if (nested && Stack.of(nested) === holderStack) {
    return `<${holderStack.resolve(nested.logicalId)}.Outputs.${Names.uniqueId(cfnBucket)}Arn>`;
  }
  return `<referenceto${nested ? `${Names.uniqueId(nested)}Outputs` : ''}${Names.uniqueId(cfnBucket)}Arn>`;
};
