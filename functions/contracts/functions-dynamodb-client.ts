/**
 * The functions' one DynamoDB client: the sandbox checks every request sent through it against the
 * running function's grants (local/iam/table-grants.ts), so it must be this very module.
 */
export { documentClient } from '#commons/clients/dynamodb';
