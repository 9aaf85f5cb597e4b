/** Where a report's PDF lives in the bucket; the stack grants access to this prefix only. */
export const reportObjectKey = (reportId: string) => `reports/${reportId}.pdf`;
