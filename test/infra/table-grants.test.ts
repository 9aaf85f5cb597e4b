/**
 * Least privilege on the table (docs/decisions/functions-and-bundles.md D53): for every function of the stage, the
 * DynamoDB statements of its role, read back from the template as actions, target (the table or
 * an index) and `dynamodb:LeadingKeys` patterns, are exactly the grants functions/routes.ts or
 * functions/function-registry.ts lists for it from its stores' lists. Prints the table an operator reviews (function → actions → keys).
 */

import type { TableAccess, TableAction, TableIndex } from '#commons/table-access';
import { tableAccess } from '#commons/table-access';
import { batchCounterKey, batchKey } from '#functions/contracts/keys/batch-keys';
import { CALLER_LIMIT_KEY_PREFIX } from '#functions/contracts/keys/caller-limit-keys';
import { userKey } from '#functions/contracts/keys/identity-keys';
import { orderKey } from '#functions/contracts/keys/order-keys';
import { OUTCOME_PREFIX } from '#functions/contracts/keys/outcome-keys';
import { reportKey } from '#functions/contracts/keys/report-keys';
import { WEBHOOK_SECRETS_KEY_PREFIX } from '#functions/contracts/keys/webhook-secret-keys';
import { tableSchema } from '#functions/contracts/table-schema';
import { allFunctions } from '#functions/function-registry';
import { routeFunctionName } from '#lib/resource-names';
import { type CfnJson, resourcesOfType, synth } from './synth';

const dev = synth({ stage: 'dev' });
const functions = Object.values(resourcesOfType(dev.template, 'AWS::Lambda::Function'));
const policies = Object.values(resourcesOfType(dev.template, 'AWS::IAM::Policy'));
const [tableId] = Object.keys(resourcesOfType(dev.template, 'AWS::DynamoDB::Table'));
const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
const indexByName = new Map<string, TableIndex>(
  Object.entries(tableSchema.indexes).map(([key, index]) => [index.name, key as TableIndex]),
);

/** The grant target a statement's resource names: the table, or one of its indexes. */
function targetOf(resource: CfnJson): { index?: TableIndex } {
  if (JSON.stringify(resource) === JSON.stringify(tableArn)) return {};
  const [, [arn, suffix]] = resource['Fn::Join'];
  const index = indexByName.get(String(suffix).replace('/index/', ''));
  if (JSON.stringify(arn) !== JSON.stringify(tableArn) || !index) {
    throw new Error(`A DynamoDB statement names ${JSON.stringify(resource)}, not the table or an index`);
  }
  return { index };
}

/** A function's DynamoDB statements, read back as grants. */
function grantedTo(functionName: string): TableAccess {
  const fn = functions.find((f) => f.Properties.FunctionName === functionName);
  if (!fn) throw new Error(`No function ${functionName}`);
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const statements = policies
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as CfnJson[])
    .filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
  return tableAccess(
    statements.flatMap((s) => {
      expect(s.Effect).toBe('Allow');
      // Every DynamoDB statement is held to partition keys: none reaches the whole table.
      expect(Object.keys(s.Condition)).toEqual(['ForAllValues:StringLike']);
      const leadingKeys: string[] = [s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']].flat();
      return [s.Resource].flat().map((resource: CfnJson) => ({
        ...targetOf(resource),
        actions: [s.Action].flat() as TableAction[],
        leadingKeys,
      }));
    }),
  );
}

/**
 * Whether a `dynamodb:LeadingKeys` pattern (StringLike: `*` any characters, `?` one) matches some
 * key that starts with `prefix`: so `*`, `L*` or `LIMIT#report-status#*` reach `LIMIT#`, `CAT#*`
 * does not.
 */
function reachesPrefix(pattern: string, prefix: string): boolean {
  for (let i = 0; i < prefix.length; i += 1) {
    if (pattern[i] === '*') return true;
    if (i >= pattern.length || (pattern[i] !== '?' && pattern[i] !== prefix[i])) return false;
  }
  return true;
}

/** The key prefix of an item kind, from the code's own key function (`USER#1` → `USER#`). */
const prefixOf = (pk: string) => pk.slice(0, pk.lastIndexOf('#') + 1);

/** What no public route may reach: the partitions of callers' data, from the code's own keys. */
const CALLER_DATA_PREFIXES = [
  prefixOf(userKey(1).pk),
  prefixOf(orderKey(1).pk),
  prefixOf(reportKey('r').pk),
  prefixOf(batchKey(1).pk),
  batchCounterKey.pk,
  CALLER_LIMIT_KEY_PREFIX,
  WEBHOOK_SECRETS_KEY_PREFIX,
  OUTCOME_PREFIX,
];

const rows = allFunctions.map((spec) => ({
  spec,
  granted: grantedTo(routeFunctionName('dev', spec.name)),
  listed: tableAccess(spec.table ?? []),
}));

describe('table grants', () => {
  it.each(rows.map((row) => [row.spec.name, row]))(
    '%s has exactly the grants its stores list for it',
    (_name, { granted, listed }) => {
      expect(granted).toEqual(listed);
    },
  );

  it('leave no function with a DynamoDB action our stores never call (Scan, DescribeTable, PartiQL …)', () => {
    const used = new Set(rows.flatMap((row) => row.granted.flatMap((grant) => grant.actions)));
    expect([...used].sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });

  it("give no public catalogue route a caller's data (users, orders, reports, batches, limits, secrets, event outcomes), and an order only to the functions that need it", () => {
    const reaches = (prefix: string) =>
      rows
        .filter((row) =>
          row.granted.some((grant) => grant.leadingKeys.some((key) => reachesPrefix(key, prefix))),
        )
        .map((row) => row.spec.name);
    const publicRoutes = rows.filter((row) => 'access' in row.spec && row.spec.access === 'public');
    expect(publicRoutes).toHaveLength(12);
    expect(CALLER_DATA_PREFIXES).toEqual([
      'USER#',
      'ORDER#',
      'REPORT#',
      'BATCH#',
      'COUNTER',
      'LIMIT#',
      'WHSEC#',
      'EVENT#',
    ]);
    const reachedByPublic = CALLER_DATA_PREFIXES.flatMap((prefix) =>
      reaches(prefix)
        .filter((name) => publicRoutes.some((row) => row.spec.name === name))
        .map((name) => `${name} reaches ${prefix}`),
    );
    expect(reachedByPublic).toEqual([]);
    expect(reaches(prefixOf(orderKey(1).pk)).sort()).toEqual(
      ['consume-events', 'get-order', 'head-order', 'process-batch-items'].sort(),
    );
  });

  it('read a grant pattern as IAM does (StringLike: `*` and `?`)', () => {
    expect(reachesPrefix('LIMIT#report-status#*', CALLER_LIMIT_KEY_PREFIX)).toBe(true);
    expect(reachesPrefix('*', CALLER_LIMIT_KEY_PREFIX)).toBe(true);
    expect(reachesPrefix('L*', CALLER_LIMIT_KEY_PREFIX)).toBe(true);
    expect(reachesPrefix('?????#*', CALLER_LIMIT_KEY_PREFIX)).toBe(true);
    expect(reachesPrefix('CAT#*', CALLER_LIMIT_KEY_PREFIX)).toBe(false);
    expect(reachesPrefix('CATALOGUE', CALLER_LIMIT_KEY_PREFIX)).toBe(false);
    expect(reachesPrefix('LIMIT', CALLER_LIMIT_KEY_PREFIX)).toBe(false);
    expect(reachesPrefix('????-??', CALLER_LIMIT_KEY_PREFIX)).toBe(false);
  });

  it('let the events consumer, and no other function, write event outcome items, with UpdateItem only (docs/decisions/order-and-user-events.md D78)', () => {
    const outcomeGrants = rows.flatMap((row) =>
      row.granted
        .filter((grant) => grant.leadingKeys.some((key) => key.startsWith('EVENT#')))
        .map((grant) => ({ fn: row.spec.name, actions: grant.actions, keys: grant.leadingKeys })),
    );
    expect(outcomeGrants).toEqual([
      { fn: 'consume-events', actions: ['dynamodb:UpdateItem'], keys: ['EVENT#*'] },
    ]);
  });

  afterAll(() => {
    const lines = rows.flatMap(({ spec, granted }) =>
      granted.length === 0
        ? [`${spec.name.padEnd(27)} (no table access)`]
        : granted.map(
            (grant, i) =>
              `${(i === 0 ? spec.name : '').padEnd(27)} ${grant.actions
                .map((a) => a.replace('dynamodb:', ''))
                .join(', ')
                .padEnd(44)} ${(grant.index ?? 'table').padEnd(14)} ${grant.leadingKeys.join(' ')}`,
          ),
    );
    console.log(
      `IAM on the table, per function (dev; prod is the same):\n${'function'.padEnd(27)} ${'actions'.padEnd(44)} ${'on'.padEnd(14)} partition keys (LeadingKeys)\n${lines.join('\n')}`,
    );
  });
});
