/**
 * The longest `callback_url` accepted (docs/decisions/report-export.md D6). A module of its own so the request
 * schemas can bound the field without loading the address rules (ipaddr.js) into the functions
 * that only read reports.
 */
export const MAX_CALLBACK_URL_LENGTH = 2048;
