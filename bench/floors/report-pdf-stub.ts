/**
 * Stands in for functions/reports/domain/report-pdf.ts in the report generator's floor
 * (bench/bundles.ts builds the generator again with this module in its place): the same handler,
 * the same reads and the same S3 write, minus rendering, so minus pdf-lib too. The bytes are a
 * fixed, minimal, valid PDF.
 */
import type { OrdersReportInput } from '#functions/contracts/pdf-rendering';

const FIXED_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const renderOrdersReport = async (_input: OrdersReportInput): Promise<Uint8Array> => FIXED_PDF;
