/**
 * What the sandbox's seed (local/seed/) writes: each area's records and the items they become, built
 * with the functions' own code so seeded data reads exactly as data the API wrote.
 */
export type { Money } from '#commons/money';
export { batchWrite, putRequests } from '#commons/store/batch-write';
export type { ProductRecord } from '#functions/catalogue/domain/product';
export type {
  BusinessUnit,
  Country,
  ReferenceData,
  StockLevel,
} from '#functions/catalogue/domain/reference-data';
export { firstVersionItems } from '#functions/catalogue/store/catalogue-items';
export { orderPlacedEvents } from '#functions/events/domain/order-placed-events';
export type { UserRecord } from '#functions/identity/domain/user';
export type { OrderRecord, OrderStatus } from '#functions/orders/domain/order';
export type { ReportJob } from '#functions/reports/domain/report-job';
