import { notFound } from '#commons/http/errors';
import type { Reply } from '#commons/http/http-route';
import type { ProductRecord } from '../domain/product';
import { activeCatalogue } from '../store/dynamodb-catalogue-store';

/**
 * Reads one product and answers the view of it a route shows. A missing product, or one the
 * view does not apply to (a computer at /books/{id}), is the same 404.
 */
export const productReply = async (id: number, view: (product: ProductRecord) => unknown): Promise<Reply> => {
  const product = await (await activeCatalogue()).getProduct(id);
  const body = product && view(product);
  if (body === undefined) throw notFound();
  return { body };
};
