/**
 * The sandbox's IAM for the table: how a request is read as IAM reads it (either shape of
 * input), and the check that refuses, while a function runs, what its grants do not allow.
 */
import { routes } from '#functions/routes';
import { runAs, tableGrantsMiddleware } from '#local/iam/table-grants';
import { authorizedParts, deniedParts } from '#local/iam/table-requests';

describe('a request as IAM authorizes it', () => {
  it('reads keys in the document client’s shape and in the low-level one', () => {
    expect(authorizedParts('GetCommand', { Key: { pk: 'USER#2', sk: 'USER' } })).toEqual([
      { action: 'dynamodb:GetItem', keys: ['USER#2'] },
    ]);
    expect(authorizedParts('PutItemCommand', { Item: { pk: { S: 'ORDER#7' }, sk: { S: 'ORDER' } } })).toEqual(
      [{ action: 'dynamodb:PutItem', keys: ['ORDER#7'] }],
    );
  });

  it('reads a Query’s partition key from its key condition, on the table or the index it names', () => {
    expect(
      authorizedParts('QueryItemCommand', {
        IndexName: 'byMonth',
        KeyConditionExpression: '#p = :p AND #created BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#p': 'createdMonth', '#created': 'createdAt' },
        ExpressionAttributeValues: { ':p': { S: '2025-03' }, ':from': { S: 'a' }, ':to': { S: 'b' } },
      }),
    ).toEqual([{ action: 'dynamodb:Query', index: 'byMonth', keys: ['2025-03'] }]);
  });

  it('authorizes a transaction item by item, and a batch write by every key it holds', () => {
    expect(
      authorizedParts('TransactWriteItemsCommand', {
        TransactItems: [
          { ConditionCheck: { Key: { pk: { S: 'USER#2' } } } },
          { Put: { Item: { pk: { S: 'ORDER#9' } } } },
        ],
      }),
    ).toEqual([
      { action: 'dynamodb:ConditionCheckItem', keys: ['USER#2'] },
      { action: 'dynamodb:PutItem', keys: ['ORDER#9'] },
    ]);
    expect(
      authorizedParts('BatchWriteCommand', {
        RequestItems: {
          t: [{ PutRequest: { Item: { pk: 'CAT#v1#A' } } }, { DeleteRequest: { Key: { pk: 'X' } } }],
        },
      }),
    ).toEqual([{ action: 'dynamodb:BatchWriteItem', keys: ['CAT#v1#A', 'X'] }]);
  });

  it('refuses what no grant names: a Scan, another index, a key outside the patterns (`*` and `?`)', () => {
    const access = [
      { actions: ['dynamodb:GetItem'], leadingKeys: ['USER#*'] },
      { index: 'byMonth', actions: ['dynamodb:Query'], leadingKeys: ['????-??'] },
    ] as const;
    expect(deniedParts(access, 'ScanCommand', {})).toHaveLength(1);
    expect(deniedParts(access, 'GetCommand', { Key: { pk: 'ORDER#1' } })).toHaveLength(1);
    const month = (IndexName: string, value: string) => ({
      IndexName,
      KeyConditionExpression: 'createdMonth = :m',
      ExpressionAttributeValues: { ':m': value },
    });
    expect(deniedParts(access, 'QueryCommand', month('byMonth', '2025-03'))).toEqual([]);
    expect(deniedParts(access, 'QueryCommand', month('byMonth', '2025-3'))).toHaveLength(1);
    expect(deniedParts(access, 'QueryCommand', month('byListCreation', '2025-03'))).toHaveLength(1);
  });
});

describe('the check on the functions’ client', () => {
  const getMe = routes.find((route) => route.name === 'get-me')!;
  const send = (input: object) =>
    tableGrantsMiddleware(async () => 'sent', { commandName: 'GetItemCommand' })({ input });

  it('lets a function send what its grants allow, and refuses the rest with AccessDeniedException', async () => {
    await expect(runAs(getMe, () => send({ Key: { pk: { S: 'USER#2' } } }))).resolves.toBe('sent');
    await expect(runAs(getMe, () => send({ Key: { pk: { S: 'ORDER#2' } } }))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringMatching(/^get-me is not authorized to perform dynamodb:GetItem on the table/),
    });
  });

  it('does not check requests made outside a function (the sandbox’s own)', async () => {
    await expect(send({ Key: { pk: { S: 'ORDER#2' } } })).resolves.toBe('sent');
  });
});
