/** The sandbox's seed, so tests compute the answers they expect from the data it serves. */
import { seedCatalogue } from '#local/seed/catalogue-seed';

export {
  customerOrdersNewestFirst,
  FIRST_ORDER_DAY,
  LAST_ORDER_DAY,
  ORDER_COUNT,
  seedOrders,
} from '#local/seed/order-seed';
export { BOOK_BRANDS, COMPUTER_BRANDS, isComputerId } from '#local/seed/product-seed';
export { SEED_STOCK_UPDATED_AT, seedLocations } from '#local/seed/reference-seed';
export { missingLanguages } from '#local/seed/seed-texts';
export { ADMIN_USER_ID, CUSTOMER_IDS, seedUsers } from '#local/seed/user-seed';

export const seed = seedCatalogue();
