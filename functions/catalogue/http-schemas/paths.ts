import * as z from 'zod/mini';

/** Path schemas of the catalogue routes: ids as the routes take them (a failure is a 404). */

const pathId = z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,9}$/)), z.transform(Number));
export const productPath = z.strictObject({ product_id: pathId });
export const bookPath = z.strictObject({ book_id: pathId });
export const computerPath = z.strictObject({ computer_id: pathId });
export const countryPath = z.strictObject({
  country_id: z.pipe(
    z.string().check(z.regex(/^[A-Za-z]{2}$/)),
    z.transform((s) => s.toUpperCase()),
  ),
});
