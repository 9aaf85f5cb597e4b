/** One line of a stock file (docs/catalogue.md): a product's quantity at one location. */
export interface StockUpdate {
  readonly productId: number;
  readonly locationId: string;
  readonly quantity: number;
}
