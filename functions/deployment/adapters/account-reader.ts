import { APIGatewayClient, GetAccountCommand } from '@aws-sdk/client-api-gateway';
import {
  GetAccountSettingsCommand,
  GetFunctionConcurrencyCommand,
  LambdaClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-lambda';
import type { AccountReader } from '../services/preflight-service';

const apiGateway = new APIGatewayClient({});
const lambda = new LambdaClient({});

/** API Gateway's account settings and Lambda's concurrency, in the function's own account and region. */
export const awsAccountReader: AccountReader = {
  async hasApiLoggingRole() {
    const { cloudwatchRoleArn } = await apiGateway.send(new GetAccountCommand({}));
    return Boolean(cloudwatchRoleArn);
  },

  async concurrency(functionName) {
    const [{ AccountLimit }, generatorReservation] = await Promise.all([
      lambda.send(new GetAccountSettingsCommand({})),
      lambda
        .send(new GetFunctionConcurrencyCommand({ FunctionName: functionName }))
        .then(({ ReservedConcurrentExecutions }) => ReservedConcurrentExecutions ?? 0)
        // Not deployed yet (the stage's first deploy, or the function is new): it reserves nothing.
        .catch((error: unknown) => {
          if (error instanceof ResourceNotFoundException) return 0;
          throw error;
        }),
    ]);
    return {
      quota: AccountLimit?.ConcurrentExecutions ?? 0,
      unreserved: AccountLimit?.UnreservedConcurrentExecutions ?? 0,
      generatorReservation,
    };
  },
};
