/** The sandbox's seed, so tests compute the answers they expect from the data it serves. */
import { seedCatalogue } from '../../../local/seed/catalogue-seed';

export { BOOK_BRANDS, COMPUTER_BRANDS, isComputerId } from '../../../local/seed/product-seed';
export { SEED_STOCK_UPDATED_AT, seedLocations } from '../../../local/seed/reference-seed';
export { missingLanguages } from '../../../local/seed/seed-texts';

export const seed = seedCatalogue();
