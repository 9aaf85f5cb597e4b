import { MAX_REPORTED_ERRORS } from '#functions/catalogue/domain/catalogue-file';
import { parseStockFile } from '#functions/catalogue/domain/stock-file';
import { fileOf } from './catalogue-file-fixtures';

const level = (productId: number, locationId: string, quantity: number) => ({
  productId,
  locationId,
  quantity,
});
const errorsOf = (text: string) => {
  const parse = parseStockFile(text);
  return parse.ok ? [] : parse.errors;
};

describe('a stock file', () => {
  it('gives its updates in file order', () => {
    const text = fileOf([level(3, 'paris-1', 12), level(1, 'berlin-1', 0), level(3, 'berlin-1', 250)]);
    expect(parseStockFile(text)).toEqual({
      ok: true,
      updates: [level(3, 'paris-1', 12), level(1, 'berlin-1', 0), level(3, 'berlin-1', 250)],
    });
  });

  it('accepts blank lines at the end and Windows line ends', () => {
    expect(parseStockFile(`${JSON.stringify(level(1, 'paris-1', 1))}\r\n\r\n`).ok).toBe(true);
  });

  it.each([
    [
      'a date, which the service sets',
      { ...level(1, 'paris-1', 1), updatedAt: '2026-01-15T08:00:00.000Z' },
      'line has an unknown field "updatedAt"',
    ],
    [
      'a kind, which belongs to catalogue files',
      { kind: 'stock', ...level(1, 'paris-1', 1) },
      'line has an unknown field "kind"',
    ],
    ['a negative quantity', level(1, 'paris-1', -1), 'line.quantity must be >= 0'],
    ['a quantity with a fraction', level(1, 'paris-1', 0.5), 'line.quantity must be integer'],
    ['a quantity as a string', { ...level(1, 'paris-1', 1), quantity: '5' }, 'line.quantity must be integer'],
    ['a product id of 0', level(0, 'paris-1', 1), 'line.productId must be >= 1'],
    [
      'a location id in capitals',
      level(1, 'Paris', 1),
      'line.locationId must match pattern "^[a-z0-9][a-z0-9-]{0,39}$"',
    ],
    ['no quantity', { productId: 1, locationId: 'paris-1' }, 'line.quantity is missing'],
  ])('refuses a line with %s, by its number', (_, bad, message) => {
    expect(errorsOf(fileOf([level(1, 'paris-1', 1), level(2, 'paris-1', 1), bad]))).toEqual([
      { line: 3, message },
    ]);
  });

  it('refuses the same product and location twice, with the line of the first', () => {
    expect(
      errorsOf(fileOf([level(1, 'paris-1', 1), level(2, 'paris-1', 1), level(1, 'paris-1', 9)])),
    ).toEqual([{ line: 3, message: 'stock of product 1 at paris-1 is already declared on line 1' }]);
  });

  it('refuses an empty file, a line that is not JSON and a blank line in the middle', () => {
    expect(errorsOf('\n')).toEqual([{ line: 0, message: 'the file is empty' }]);
    expect(errorsOf(fileOf([level(1, 'paris-1', 1), '1,paris-1,5']))).toEqual([
      { line: 2, message: 'line is not valid JSON' },
    ]);
    expect(errorsOf(fileOf([level(1, 'paris-1', 1), '', level(2, 'paris-1', 1)]))).toEqual([
      { line: 2, message: 'line is blank (blank lines are allowed only at the end)' },
    ]);
  });

  it('stops at the first MAX_REPORTED_ERRORS errors and says how many lines it read', () => {
    const parse = parseStockFile(fileOf(Array.from({ length: 40 }, (_, i) => level(i + 1, 'paris-1', -1))));
    expect(parse).toEqual({
      ok: false,
      lines: MAX_REPORTED_ERRORS,
      errors: Array.from({ length: MAX_REPORTED_ERRORS }, (_, i) => ({
        line: i + 1,
        message: 'line.quantity must be >= 0',
      })),
    });
  });
});
