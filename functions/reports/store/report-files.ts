/** The PDFs port for the generator: where finished reports are written. */
export interface ReportFileWriter {
  put(reportId: string, pdf: Uint8Array): Promise<void>;
}
