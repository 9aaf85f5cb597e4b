/**
 * One product and its sub-resources over HTTP (`/products/{id}`, `technical_info`, `ratings`,
 * `images`, `stocks`, `/books/{id}`, `/computers/{id}`) and the reference lists
 * (`/business-units`, `/countries`), checked against the seed the sandbox serves.
 */
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { api } from './support/api';
import { seed } from './support/seed';

const firstOf = (type: ProductRecord['type']) =>
  [...seed.products].sort((a, b) => a.id - b.id).find((p) => p.type === type && p.label.fr !== undefined)!;
const book = firstOf('book');
const computer = firstOf('computer');
const translatedBook = seed.products.find((p) => p.type === 'book' && p.book?.translator)!;

/** The single-product view in English, as the seed says it should read. */
const productView = (p: ProductRecord) => ({
  id: p.id,
  type: p.type,
  brand: p.brand,
  business_unit: p.businessUnit,
  label: p.label.en,
  title: p.title.en,
  description: p.description.en,
  images: p.images,
  height: p.height,
  width: p.width,
  weight: p.weight,
  author: p.author,
});

const get = async (path: string) => {
  const response = await api(path);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return response;
};

describe('GET /products/{product_id}', () => {
  it.each([
    ['a book', book],
    ['a computer', computer],
  ])('answers the single-product view of %s, with an integer id and no price', async (_, product) => {
    const { body, headers } = await get(`/products/${product.id}`);
    expect(body).toEqual(productView(product));
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).not.toHaveProperty('price');
  });

  it('has an author on books and null on computers', async () => {
    const [b, c] = await Promise.all([get(`/products/${book.id}`), get(`/products/${computer.id}`)]);
    expect((b.body as { author: unknown }).author).toBe(book.author);
    expect(typeof book.author).toBe('string');
    expect((c.body as { author: unknown }).author).toBeNull();
  });

  it('answers every seeded product', async () => {
    const sample = seed.products.filter(
      (p) => p.id % 23 === 0 || p.id === 1 || p.id === seed.products.length,
    );
    const bodies = await Promise.all(sample.map((p) => get(`/products/${p.id}`).then((r) => r.body)));
    expect(bodies).toEqual(sample.map(productView));
  });
});

describe('fields on an object', () => {
  it('keeps only the named fields', async () => {
    const { body } = await get(`/products/${book.id}?fields=id,label,brand`);
    expect(body).toEqual({ id: book.id, label: book.label.en, brand: book.brand });
  });

  it('keeps one field, whatever its type', async () => {
    expect((await get(`/products/${computer.id}?fields=images`)).body).toEqual({ images: computer.images });
    expect((await get(`/products/${computer.id}?fields=author`)).body).toEqual({ author: null });
  });

  it('gives every field when absent (clients that do not use it keep full resources)', async () => {
    const [all, named] = await Promise.all([
      get(`/products/${book.id}`),
      get(`/products/${book.id}?fields=${Object.keys(productView(book)).join(',')}`),
    ]);
    expect(named.body).toEqual(all.body);
  });

  it('applies to sub-resources and to the reference lists', async () => {
    expect((await get(`/books/${book.id}?fields=author`)).body).toEqual({ author: book.author });
    expect((await get(`/computers/${computer.id}?fields=ram,cpu`)).body).toEqual({
      ram: computer.computer!.ram,
      cpu: computer.computer!.cpu,
    });
    expect((await get(`/products/${book.id}/ratings?fields=average`)).body).toEqual({
      average: book.ratings.average,
    });
    expect((await get('/countries?fields=id')).body).toEqual(
      seed.reference.countries.map(({ id }) => ({ id })),
    );
    expect((await get('/business-units?fields=id')).body).toEqual(
      seed.reference.businessUnits.map(({ id }) => ({ id })),
    );
  });
});

describe('sub-resources of a seeded product', () => {
  it('technical_info of a computer has its dimensions and hardware', async () => {
    const { body } = await get(`/products/${computer.id}/technical_info`);
    expect(body).toEqual({
      id: computer.id,
      type: 'computer',
      height: computer.height,
      width: computer.width,
      weight: computer.weight,
      screen_size: computer.computer!.screenSize,
      ram: computer.computer!.ram,
      cpu: computer.computer!.cpu,
    });
  });

  it('technical_info of a book has its dimensions only', async () => {
    const { body } = await get(`/products/${book.id}/technical_info`);
    expect(body).toEqual({
      id: book.id,
      type: 'book',
      height: book.height,
      width: book.width,
      weight: book.weight,
    });
  });

  it('ratings are the average and the count', async () => {
    const { body } = await get(`/products/${computer.id}/ratings`);
    expect(body).toEqual({
      id: computer.id,
      average: computer.ratings.average,
      count: computer.ratings.count,
    });
    const { average, count } = body as { average: number; count: number };
    expect(average).toBeGreaterThanOrEqual(0);
    expect(average).toBeLessThanOrEqual(5);
    expect(Number.isInteger(count)).toBe(true);
  });

  it('images are the product URLs', async () => {
    const { body } = await get(`/products/${book.id}/images`);
    expect(body).toEqual({ id: book.id, images: book.images });
    for (const url of (body as { images: string[] }).images) expect(new URL(url).protocol).toBe('https:');
  });

  it('stocks at each seeded location are that location stock level', async () => {
    const levels = seed.stocks.filter((s) => s.productId === computer.id);
    expect(levels.length).toBeGreaterThan(1);
    for (const level of levels) {
      const { body } = await get(`/products/${computer.id}/stocks?location_id=${level.locationId}`);
      expect(body).toEqual({
        product_id: computer.id,
        location_id: level.locationId,
        quantity: level.quantity,
        updated_at: level.updatedAt,
      });
    }
  });

  it('stocks at paris-1 answer for a book too', async () => {
    const level = seed.stocks.find((s) => s.productId === book.id && s.locationId === 'paris-1')!;
    const { body } = await get(`/products/${book.id}/stocks?location_id=paris-1`);
    expect(body).toEqual({
      product_id: book.id,
      location_id: 'paris-1',
      quantity: level.quantity,
      updated_at: level.updatedAt,
    });
  });

  it('/books/{book_id} carries author, publisher, translator and back cover', async () => {
    for (const p of [book, translatedBook]) {
      const { body } = await get(`/books/${p.id}`);
      expect(body).toEqual({
        id: p.id,
        title: p.title.en,
        author: p.author,
        publisher: p.book!.publisher,
        translator: p.book!.translator,
        back_cover: p.book!.backCover.en,
      });
    }
    expect(translatedBook.book!.translator).toEqual(expect.any(String));
  });

  it('/computers/{computer_id} carries screen size, RAM and CPU', async () => {
    const { body } = await get(`/computers/${computer.id}`);
    expect(body).toEqual({
      id: computer.id,
      title: computer.title.en,
      brand: computer.brand,
      screen_size: computer.computer!.screenSize,
      ram: computer.computer!.ram,
      cpu: computer.computer!.cpu,
    });
  });
});

describe('reference lists', () => {
  it('/business-units lists every unit with its label', async () => {
    const { body } = await get('/business-units');
    expect(body).toEqual(seed.reference.businessUnits.map((u) => ({ id: u.id, label: u.label.en })));
  });

  it('/countries lists every country with its label and currency', async () => {
    const { body } = await get('/countries');
    expect(body).toEqual(
      seed.reference.countries.map((c) => ({ id: c.id, label: c.label.en, currency: c.currency })),
    );
  });

  it('every business unit listed filters a non-empty listing', async () => {
    const { body } = await get('/business-units');
    for (const unit of body as { id: string }[]) {
      const listing = await get(`/products?business-unit=${unit.id}&limit=1`);
      expect(listing.body).toHaveLength(1);
    }
  });
});

describe('caching', () => {
  const reads = (): string[] => [
    '/products',
    `/products?country=${seed.reference.countries[0]!.id}`,
    `/products/${book.id}`,
    `/products/${book.id}/technical_info`,
    `/products/${book.id}/ratings`,
    `/products/${book.id}/images`,
    `/books/${book.id}`,
    `/computers/${computer.id}`,
    '/business-units',
    '/countries',
    `/countries/${seed.reference.countries[0]!.id}/products`,
  ];

  it('catalogue reads are cached publicly for a minute', async () => {
    const answers = await Promise.all(
      reads().map(async (path) => ({ path, cacheControl: (await get(path)).headers.get('cache-control') })),
    );
    expect(answers).toEqual(reads().map((path) => ({ path, cacheControl: 'public, max-age=60' })));
  });
});
