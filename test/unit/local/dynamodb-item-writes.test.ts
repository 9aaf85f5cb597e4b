import { itemsBetween, itemWrites, keyKind, keysSince } from '#local/dynamodb-item-writes';

const put = (pk: string, sk: string) => JSON.stringify({ Item: { pk: { S: pk }, sk: { S: sk } } });

describe('the items the sandbox saw written', () => {
  it('are grouped by their partition key with what varies replaced', () => {
    expect(keyKind('CAT#PRODUCT#42')).toBe('CAT#PRODUCT#<id>');
    expect(keyKind('CAT#20261126T124605Z-a1b2c3#REFERENCE')).toBe('CAT#<version>#REFERENCE');
    expect(keyKind('CAT#20261126T124605Z-a1b2c3#LIST#c=FR#u=*#t=book#b=Acme%20Co')).toBe(
      'CAT#<version>#LIST#c=<value>#u=<value>#t=<value>#b=<value>',
    );
    expect(keyKind('CATALOGUE')).toBe('CATALOGUE');
    expect(keyKind('USER#17#ORDERS')).toBe('USER#<id>#ORDERS');
    expect(keyKind('EVENT#0f8e2a4c-77aa-4e8b-9c1d-2b7e0e7d9a11')).toBe('EVENT#<id>');
  });

  it('keep the last keys only, and refuse to answer part of what was written since', () => {
    const writes = itemWrites(3);
    for (let id = 1; id <= 5; id++) writes.record('PutItem', put(`CAT#PRODUCT#${id}`, 'PRODUCT'));
    const document = writes.toJSON();
    expect(document.recent.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(document.recent.map((e) => e.pk)).toEqual(['CAT#PRODUCT#3', 'CAT#PRODUCT#4', 'CAT#PRODUCT#5']);
    expect(keysSince(document, 2).map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(keysSince(document, 5)).toEqual([]);
    expect(() => keysSince(document, 1)).toThrow('4 were written or deleted since sequence 1');
  });

  it('count between two readings, by kind', () => {
    const writes = itemWrites();
    writes.record('PutItem', put('CATALOGUE', 'LOCK'));
    const before = writes.toJSON();
    writes.record(
      'DeleteItem',
      JSON.stringify({ Key: { pk: { S: 'CAT#PRODUCT#1' }, sk: { S: 'PRODUCT' } } }),
    );
    writes.record('PutItem', put('CATALOGUE', 'ACTIVE'));
    expect(itemsBetween(before, writes.toJSON())).toEqual({
      written: 1,
      deleted: 1,
      units: 1,
      byKind: {
        'CAT#PRODUCT#<id>': { written: 0, deleted: 1, units: 0 },
        CATALOGUE: { written: 1, deleted: 0, units: 1 },
      },
    });
  });

  it('cost a write unit per started KB of a put item, as DynamoDB bills them', () => {
    const writes = itemWrites();
    const item = (bytes: number) =>
      JSON.stringify({
        Item: {
          pk: { S: 'CAT#PRODUCT#1' },
          sk: { S: 'PRODUCT#0000000001' },
          data: { M: { text: { S: 'x'.repeat(bytes) }, n: { N: '12.5' } } },
        },
      });
    writes.record('PutItem', item(900));
    expect(writes.toJSON().units).toBe(1);
    writes.record('PutItem', item(2_500));
    expect(writes.toJSON().units).toBe(1 + 3);
  });
});
