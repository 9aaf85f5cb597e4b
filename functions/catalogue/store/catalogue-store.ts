import type { ProductRecord } from '../domain/product';
import type { ReferenceData, StockLevel } from '../domain/reference-data';

/** The catalogue's port: what the handlers need from storage, nothing about how it is stored. */
export interface CatalogueStore {
  getProduct(id: number): Promise<ProductRecord | undefined>;
  getStock(productId: number, locationId: string): Promise<StockLevel | undefined>;
  getReferenceData(): Promise<ReferenceData>;
}
