/** One DynamoDB operation (`PutItem`, `DescribeTable` ...) with its input and answer in DynamoDB's JSON protocol. */
export type DynamoDbCall = (operation: string, input: object) => Promise<Record<string, unknown>>;

/** An error DynamoDB answers with `__type` (and, for a cancelled transaction, its reasons). */
export class DynamoDbError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly cancellationReasons?: readonly { Code: string; Message?: string }[],
  ) {
    super(message);
  }
}
