import { notFound } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { STOCK_FIELDS, stockView } from '../domain/reference-data';
import { productPath } from '../http-schemas/paths';
import { stockQuery } from '../http-schemas/stock';
import { activeCatalogue } from '../store/dynamodb-catalogue-store';

/**
 * GET /products/{product_id}/stocks?location_id=: the stock at that location. Stock changes
 * by the minute, so it is not cached publicly like the rest of the catalogue.
 */
export const handler = httpRoute(
  { path: productPath, query: stockQuery, fields: STOCK_FIELDS, cache: 'no-store' },
  async ({ path, query }) => {
    const stock = await (await activeCatalogue()).getStock(path.product_id, query.location_id);
    if (!stock) throw notFound();
    return { body: stockView(stock) };
  },
);
