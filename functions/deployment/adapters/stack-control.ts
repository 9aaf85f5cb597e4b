import {
  CloudFormationClient,
  DescribeStacksCommand,
  UpdateTerminationProtectionCommand,
} from '@aws-sdk/client-cloudformation';
import type { StackControl } from '../services/preflight-service';

const cloudFormation = new CloudFormationClient({});

/** The preflight's own stack: its status, and its termination protection (its role allows no other stack). */
export const awsStackControl: StackControl = {
  async status(stackId) {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackId }));
    return Stacks?.[0]?.StackStatus;
  },

  async disableTerminationProtection(stackId) {
    await cloudFormation.send(
      new UpdateTerminationProtectionCommand({ StackName: stackId, EnableTerminationProtection: false }),
    );
  },
};
