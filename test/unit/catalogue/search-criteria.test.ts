import { parseWith } from '#commons/http/query';
import { searchCriteria } from '#functions/catalogue/http-schemas/search-criteria';
import { fromCriteria } from '#functions/catalogue/replies/search-reply';

const parse = (input: unknown) => parseWith(searchCriteria, input, 'body');
const refused = (input: unknown) => {
  try {
    parse(input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('the search criteria object', () => {
  it('takes every criterion, nested ones included, as the search request', () => {
    expect(
      fromCriteria(
        parse({
          text: 'jardin',
          price: { min: 10, max: 20 },
          book: { author: 'Dubois' },
          computer: { ram_gb: { min: 16 }, screen_in: { max: 15 }, cpu: 'Helion' },
          in_stock: { location_id: 'paris-1' },
          sort: '-price',
          country: 'gb',
          page: 2,
          limit: 5,
        }),
      ),
    ).toEqual({
      text: 'jardin',
      price: { min: 10, max: 20 },
      book: { author: 'Dubois' },
      computer: { ramGb: { min: 16 }, screenIn: { max: 15 }, cpu: 'Helion' },
      inStockAt: 'paris-1',
      sort: '-price',
      country: 'GB',
      productTypes: [],
      brands: [],
      page: 2,
      limit: 5,
    });
    expect(fromCriteria(parse({}))).toMatchObject({ sort: 'id', page: 1, limit: 20 });
  });

  it.each([
    [{ computer: { ram_gb: { min: '16' } } }, "The field 'computer.ram_gb.min' is invalid."],
    [{ computer: { ram_gb: 16 } }, "The field 'computer.ram_gb' is invalid."],
    [{ computer: { gpu: 'x' } }, "The field 'computer.gpu' is not supported."],
    [{ in_stock: { location_id: 'Paris 1' } }, "The field 'in_stock.location_id' is invalid."],
    [{ price: { min: -1 } }, "The field 'price.min' is invalid."],
    [{ sort: 'name' }, "The field 'sort' is invalid."],
    [{ text: '' }, "The field 'text' is invalid."],
    [{ text: 'a\u0000b' }, "The field 'text' is invalid."],
    [{ colour: 'red' }, "The field 'colour' is not supported."],
  ])('refuses %j: %s', (input, message) => {
    expect(refused(input)).toBe(message);
  });
});
