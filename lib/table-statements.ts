import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type TableAccess, tableAccess } from '#functions/contracts/function-table-access';
import { tableSchema } from '#functions/contracts/table-schema';

/**
 * The IAM statements of a table access (docs/decisions/functions-and-bundles.md D53): one per grant, the grant's actions
 * on the table or the named index, under a `dynamodb:LeadingKeys` condition on its key patterns.
 */
export const tableStatements = (table: ITable, access: TableAccess): PolicyStatement[] =>
  tableAccess(access).map(
    (grant) =>
      new PolicyStatement({
        actions: [...grant.actions],
        resources: [
          grant.index ? `${table.tableArn}/index/${tableSchema.indexes[grant.index].name}` : table.tableArn,
        ],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grant.leadingKeys] } },
      }),
  );
