/**
 * What the SDK floor (bench/floors/sdk-floor.ts) shares with the functions: their DynamoDB client set-up
 * and how they take the caller from the authorizer's context.
 * Each floor has a door of its own: a door re-exporting several clients would bring every client's
 * set-up (a top-level `new …Client`) into each floor's bundle, which bench/bundles.ts measures.
 */
export { documentClient, tableName } from '#commons/clients/dynamodb';
export { callerFromAuthorizer } from '#commons/http/caller-context';
