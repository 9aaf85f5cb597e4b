import { catalogueItems } from '../../functions/catalogue/store/catalogue-items';
import { seedCatalogue } from './catalogue-seed';
import { orderItems, seedOrders } from './order-seed';
import { reportJobItems, seedReportJobs } from './report-seed';
import { seedUsers, userItems } from './user-seed';

export interface Seed {
  /** Every table item of the seed, in a stable order. */
  readonly items: Record<string, unknown>[];
  /** One line for the start-up summary. */
  readonly summary: string;
}

/** Everything the sandbox's table starts with: the catalogue, the users, their orders and the sample report job. */
export function sandboxSeed(): Seed {
  const catalogue = seedCatalogue();
  const users = seedUsers();
  const orders = seedOrders();
  const reports = seedReportJobs();
  const items = [
    ...catalogueItems(catalogue.products, catalogue.stocks, catalogue.reference),
    ...userItems(users),
    ...orderItems(orders),
    ...reportJobItems(reports),
  ];
  const books = catalogue.products.filter((p) => p.type === 'book').length;
  const summary =
    `${catalogue.products.length} products (${books} books, ${catalogue.products.length - books} computers), ` +
    `${catalogue.reference.businessUnits.length} business units, ${catalogue.reference.countries.length} countries, ` +
    `${catalogue.stocks.length} stock levels, ${users.length} users (1 the administrator), ` +
    `${orders.length} orders, ${reports.length} sample report job: ${items.length} items`;
  return { items, summary };
}
