/**
 * The response schemas the OpenAPI document shows (functions/<area>/<area>-response-schemas.ts) hold for
 * what the views really make, over the whole seed and every language, so the document cannot
 * drift from the answers.
 */
import * as v from 'valibot';
import { errorResponse } from '#commons/http/error-response-schemas';
import { MAX_LIMIT } from '#commons/http/paging';
import { Translation } from '#commons/language-negotiation';
import { translate } from '#commons/languages';

/** The seed's languages: Japanese labels, the others in five. */
const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'ja'];

import { batchResponse } from '#functions/batches/batches-response-schemas';
import { batchView } from '#functions/batches/domain/batch';
import {
  bookResponse,
  businessUnitsResponse,
  computerResponse,
  countriesResponse,
  imagesResponse,
  listingResponse,
  productResponse,
  ratingsResponse,
  stockResponse,
  technicalInfoResponse,
} from '#functions/catalogue/catalogue-response-schemas';
import { listingElement } from '#functions/catalogue/domain/listing-request';
import {
  bookView,
  computerView,
  imagesView,
  productView,
  ratingsView,
  technicalInfoView,
} from '#functions/catalogue/domain/product';
import { businessUnitView, countryView, stockView } from '#functions/catalogue/domain/reference-data';
import {
  addressView,
  implicitProfileView,
  profileView,
  userRecordView,
} from '#functions/identity/domain/user';
import {
  addressResponse,
  implicitProfileResponse,
  profileResponse,
  userRecordResponse,
} from '#functions/identity/identity-response-schemas';
import { orderSummaryView, orderView } from '#functions/orders/domain/order';
import { myOrdersResponse, orderResponse } from '#functions/orders/orders-response-schemas';
import { failureFor, statusView } from '#functions/reports/domain/report-job';
import { reportStatusResponse } from '#functions/reports/reports-response-schemas';
import { seedCatalogue } from '#local/seed/catalogue-seed';
import { seedOrders } from '#local/seed/order-seed';
import { seedUsers } from '#local/seed/user-seed';
import { reportJob } from '../reports/report-fixtures';

const { products, stocks, reference } = seedCatalogue();
const users = seedUsers();
const orders = seedOrders();

/** Parses strictly: a field the schema does not name is a failure too. */
const holds = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  expect(result.success ? [] : result.issues).toEqual([]);
  // Objects in the schemas are not strict, so compare keys: nothing undocumented is answered.
  expect(JSON.stringify(result.output)).toBe(JSON.stringify(value));
};

describe.each(LANGUAGES.map((l) => [l]))('catalogue views in %s', (tag) => {
  const language = new Translation(tag);
  it('match their response schemas for every seeded product', () => {
    for (const p of products) {
      holds(productResponse, productView(p, language));
      holds(technicalInfoResponse, technicalInfoView(p));
      holds(ratingsResponse, ratingsView(p));
      holds(imagesResponse, imagesView(p));
      const book = bookView(p, language);
      if (book) holds(bookResponse, book);
      const computer = computerView(p, language);
      if (computer) holds(computerResponse, computer);
    }
    // Listed a page at a time, as the service lists them: at most MAX_LIMIT a page.
    for (let start = 0; start < products.length; start += MAX_LIMIT) {
      holds(
        listingResponse,
        products
          .slice(start, start + MAX_LIMIT)
          .map((p) =>
            listingElement({ id: p.id, type: p.type, brand: p.brand }, translate(p.label, tag), p.basePrice),
          ),
      );
    }
    holds(
      countriesResponse,
      reference.countries.map((c) => countryView(c, language)),
    );
    holds(
      businessUnitsResponse,
      reference.businessUnits.map((u) => businessUnitView(u, language)),
    );
  });
});

it('stock, user, order, batch and report views match their response schemas', () => {
  for (const s of stocks.slice(0, 50)) holds(stockResponse, stockView(s));
  for (const u of users) {
    holds(profileResponse, profileView(u));
    holds(implicitProfileResponse, implicitProfileView(u));
    holds(userRecordResponse, userRecordView(u));
    holds(addressResponse, addressView(u.address));
  }
  for (const o of orders.slice(0, 500)) holds(orderResponse, orderView(o));
  holds(myOrdersResponse, orders.slice(0, 20).map(orderSummaryView));
  holds(
    batchResponse,
    batchView({
      id: 7,
      ownerId: 2,
      status: 'pending',
      itemCount: 3,
      createdAt: '2026-01-01 10:00:00',
      updatedAt: '2026-01-01 10:00:00',
    } as never),
  );
  holds(
    batchResponse,
    batchView({
      id: 7,
      ownerId: 2,
      status: 'completed',
      itemCount: 1,
      count: 1,
      errors: [{ id: 9, url: '/orders/9' }],
      createdAt: '2026-01-01 10:00:00',
      updatedAt: '2026-01-01 10:00:01',
    } as never),
  );
  holds(reportStatusResponse, statusView(reportJob()));
  holds(reportStatusResponse, statusView(reportJob({ status: 'FAILED', error: failureFor(undefined) })));
  holds(errorResponse, { code: 'not_found', message: 'The requested resource was not found.' });
});
