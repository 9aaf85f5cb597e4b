/** What bench/floor-plans.ts hands an SDK floor (bench/floors/sdk-floor.ts) for one function. */

/** One AWS request, described by what it reads or writes. */
export type FloorRequest =
  /** GetItem of this key. */
  | { readonly get: Readonly<Record<string, string>> }
  /** Query of one partition (of an index, when named), its first `limit` items. */
  | {
      readonly query: {
        readonly index?: string;
        readonly partitionKey: string;
        readonly partition: string;
        readonly limit: number;
      };
    }
  /** BatchGetItem of these keys. */
  | { readonly batchGet: readonly Readonly<Record<string, string>>[] }
  /** UpdateItem (an atomic ADD) of this key. */
  | { readonly update: Readonly<Record<string, string>> }
  /** PutItem at this key. */
  | { readonly put: Readonly<Record<string, string>> }
  /** SQS SendMessageBatch of this many messages of this many bytes each to the floor's queue. */
  | { readonly sendMessages: { readonly queueUrl: string; readonly count: number; readonly bytes: number } }
  /** Step Functions StartExecution of the report workflow for this report id. */
  | { readonly startExecution: { readonly reportId: string } }
  /** A report's PDF, read as the report download route reads it (a pre-signed GET). */
  | { readonly readReport: { readonly reportId: string } }
  /** The webhook stage key, read from Secrets Manager as the functions read it. */
  | { readonly readWebhookKey: true }
  /** An object of the import bucket (a search snapshot's), read as the search functions read it (a pre-signed GET). */
  | { readonly readSearchFile: { readonly key: string } };

export interface FloorEvent {
  /** A token route's: the caller is taken from the authorizer context first. */
  readonly token: boolean;
  /** The function's own event's request context (its authorizer context, for token routes). */
  readonly requestContext?: { readonly authorizer?: Record<string, unknown> | null };
  /** The requests in order; those of one step are sent together, as the function sends them. */
  readonly steps: readonly (readonly FloorRequest[])[];
}
