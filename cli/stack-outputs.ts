import { CloudFormationClient, DescribeStacksCommand, type Stack } from '@aws-sdk/client-cloudformation';
import { stackName } from '#lib/resource-names';
import { InputError } from './command-errors';

/** A deployed stage's stack outputs, as `npm run catalogue` and `npm run smoke` find the stage by them. */
export interface StackOutputs {
  get(key: string): string | undefined;
  /** The output, or an error that says to deploy the version that makes it. */
  need(key: string): string;
}

/**
 * The outputs of `CommerceApi-<stage>`, read with the AWS SDK's default credentials and region
 * (AWS_PROFILE, AWS_REGION …), as `cdk deploy` uses them.
 */
export async function stackOutputs(stage: string): Promise<StackOutputs> {
  const cloudFormation = new CloudFormationClient({});
  const name = stackName(stage);
  try {
    let stacks: Stack[] | undefined;
    try {
      ({ Stacks: stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: name })));
    } catch (error) {
      if ((error as Error).name === 'CredentialsProviderError') {
        throw new InputError(
          `Reading the stack ${name} needs AWS credentials for its account: set AWS_PROFILE (or run aws sso login), and AWS_REGION.`,
        );
      }
      if (!/does not exist/.test((error as Error).message)) throw error;
      const region = await cloudFormation.config.region();
      throw new InputError(
        `There is no stack ${name} in ${region} for these credentials: deploy the stage first, or set AWS_REGION and AWS_PROFILE to where it is.`,
      );
    }
    const outputs = new Map((stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
    return {
      get: (key) => outputs.get(key),
      need(key) {
        const value = outputs.get(key);
        if (!value) throw new Error(`The stack ${name} has no output ${key}: deploy this version first`);
        return value;
      },
    };
  } finally {
    cloudFormation.destroy();
  }
}
