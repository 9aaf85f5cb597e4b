/** The PDFs port: where finished reports are kept. */
export interface ReportFiles {
  put(reportId: string, pdf: Uint8Array): Promise<void>;
  /** The PDF's bytes, or undefined when it does not exist (not written yet, or expired). */
  get(reportId: string): Promise<Uint8Array | undefined>;
  /** A short-lived URL that downloads the PDF under `fileName`. */
  downloadUrl(reportId: string, fileName: string): Promise<string>;
}
