// Unit tests assert on responses; the functions' JSON log lines would only bury the results.
process.env.LOG_LEVEL = 'SILENT';
// Nor their metrics (EMF lines on stdout): tests spy on the Metrics object, or turn them back on
// with POWERTOOLS_METRICS_DISABLED=false and POWERTOOLS_DEV=true to read the lines from console.log.
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
process.env.TABLE_NAME ??= 'commerce-test';
