import type { BusEvent } from '#functions/contracts/event-messages';
import { firstVersionItems, orderPlacedEvents } from '#functions/contracts/seed-records';
import { seedCatalogueText } from './catalogue-file-seed';
import { seedCatalogue } from './catalogue-seed';
import { orderItems, seedOrders } from './order-seed';
import { reportJobItems, seedReportJobs } from './report-seed';
import { seedUsers, userItems } from './user-seed';

export interface Seed {
  /** The catalogue file the sandbox publishes through the publish workflow. */
  readonly catalogueText: string;
  /** The table items written as they are: users and the sample report job, in a stable order. */
  readonly items: Record<string, unknown>[];
  /** The orders, as the `order.placed` events the sandbox sends through its bus, oldest first. */
  readonly orderEvents: BusEvent[];
  /**
   * What the seeded table is made of, to name its cache entry: the files, the items, and the
   * items the workflow makes of the catalogue (so a change of their layout is a new entry).
   */
  readonly cacheParts: readonly unknown[];
  /** One line for the start-up summary. */
  readonly summary: string;
}

/** Everything the sandbox's table starts with: the catalogue, the users, their orders and the sample report job. */
export function sandboxSeed(): Seed {
  const catalogue = seedCatalogue();
  const users = seedUsers();
  const orders = seedOrders();
  const reports = seedReportJobs();
  const items = [...userItems(users), ...reportJobItems(reports)];
  const orderEvents: BusEvent[] = orderPlacedEvents(orders).map((entry) => ({
    type: 'order.placed',
    detail: entry.detail,
  }));
  const catalogueText = seedCatalogueText();
  const books = catalogue.products.filter((p) => p.type === 'book').length;
  const summary =
    `${catalogue.products.length} products (${books} books, ${catalogue.products.length - books} computers), ` +
    `${catalogue.reference.businessUnits.length} business units, ${catalogue.reference.countries.length} countries, ` +
    `${catalogue.stocks.length} stock levels (published through the workflow), ${users.length} users ` +
    `(1 the administrator), ${orders.length} orders (sent as order.placed events), ${reports.length} sample report job`;
  return {
    catalogueText,
    items,
    orderEvents,
    // The orders' items are what the consumer makes of the events: their layout names the entry too.
    cacheParts: [
      catalogueText,
      items,
      orderEvents,
      firstVersionItems('layout', 1, catalogue),
      orderItems(orders),
    ],
    summary,
  };
}
