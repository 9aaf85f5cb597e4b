// Unit tests assert on responses; the functions' JSON log lines would only bury the results.
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.TABLE_NAME ??= 'commerce-test';
