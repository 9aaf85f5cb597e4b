import type { AwsStub } from 'aws-sdk-client-mock';
import type { TableAccess } from '#commons/table-access';
import { authorizedParts, deniedParts } from '#local/iam/table-requests';

// biome-ignore lint/suspicious/noExplicitAny: any mocked client's calls.
type Mock = AwsStub<any, any, any>;

/** The requests a mocked client received, as `<Command> <input>` lines for failure messages. */
const describe = (command: { constructor: { name: string }; input: unknown }) =>
  `${command.constructor.name} ${JSON.stringify(command.input)}`;

/**
 * Runs `work` and holds every request the mocked DynamoDB client received meanwhile to
 * `access`, as IAM would judge it (local/iam/table-requests.ts): each request's actions, target
 * and partition keys are allowed by one of its grants. Answers how many requests were sent, so
 * a test can see that the operation did reach the table.
 */
export async function requestsWithin(dynamo: Mock, access: TableAccess, work: () => Promise<unknown>) {
  dynamo.resetHistory();
  await work();
  const commands = dynamo
    .calls()
    .map((call) => call.args[0] as { constructor: { name: string }; input: unknown });
  for (const command of commands) {
    expect([describe(command), deniedParts(access, command.constructor.name, command.input)]).toEqual([
      describe(command),
      [],
    ]);
  }
  return commands.flatMap((command) => authorizedParts(command.constructor.name, command.input));
}
