/**
 * What lib/published-schemas/ writes to docs/ as JSON Schemas: the catalogue file's line schemas
 * and the event schemas, held in the code and published from it (never read back from docs/).
 */
export { catalogueLineSchema, stockLineSchema } from '#functions/catalogue/domain/catalogue-schema';
export { eventSchemas } from '#functions/events/event-schemas';
