import { httpRoute } from '#commons/http/http-route';
import { BOOK_FIELDS, bookView } from '../domain/product';
import { bookPath } from '../http-schemas/paths';
import { productReply } from '../replies/product-reply';
import { activeLanguages } from '../store/active-version';

/** GET /books/{book_id}: the book-specific view; a product that is not a book is a 404. */
export const handler = httpRoute(
  { path: bookPath, fields: BOOK_FIELDS, translated: activeLanguages, cache: 'public' },
  async ({ path, translation }) => productReply(path.book_id, (p) => bookView(p, translation)),
);
