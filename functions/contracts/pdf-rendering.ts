/**
 * The report's PDF layout and renderer, which the PDF benchmark (bench/pdf.ts) times on seeded orders
 * (with the report fonts for a name beyond the standard fonts) and the report generator's floor
 * (bench/floors/report-pdf-stub.ts) stands in for.
 */
export type { OrderRecord, OrderStatus } from '#functions/orders/domain/order';
export { reportFontFiles } from '#functions/reports/adapters/report-font-files';
export { planPages } from '#functions/reports/domain/report-layout';
export type { OrdersReportInput } from '#functions/reports/domain/report-pdf';
export { renderOrdersReport } from '#functions/reports/domain/report-pdf';
