/**
 * The callback notification body (spec "Callback notification body", docs/decisions/report-export.md D6): the
 * report's `href` is relative to the versioned base, like the spec's `/orders/<order_id>`.
 */
export interface CallbackBody {
  status: 'COMPLETED';
  links: { rel: 'reports'; href: string }[];
}

export const reportHref = (reportId: string) => `/orders/reports/${encodeURIComponent(reportId)}`;

export const callbackBody = (reportId: string): CallbackBody => ({
  status: 'COMPLETED',
  links: [{ rel: 'reports', href: reportHref(reportId) }],
});

/** The exact bytes that are signed and sent. */
export const callbackPayload = (reportId: string) => JSON.stringify(callbackBody(reportId));
