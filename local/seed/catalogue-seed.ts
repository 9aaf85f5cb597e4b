import type { ProductRecord, ReferenceData, StockLevel } from '#functions/contracts/seed-records';
import { seedProducts, seedStocks } from './product-seed';
import { seedReference } from './reference-seed';

export interface CatalogueSeed {
  readonly products: ProductRecord[];
  readonly stocks: StockLevel[];
  readonly reference: ReferenceData;
}

/**
 * The sandbox's catalogue, the same on every run. Tests import it to compute the answers they
 * expect instead of hard-coding them. Rules (also in docs/sandbox.md): ids 1..200; ids with
 * remainder 0 or 3 by 5 are computers, the others books; brands in turn within each type;
 * ids divisible by 13 are in English only, by 7 have no Italian text, by 11 no German, by 17 no
 * French, by 19 no Spanish.
 */
export const seedCatalogue = (): CatalogueSeed => {
  const products = seedProducts();
  return { products, stocks: seedStocks(products), reference: seedReference };
};
