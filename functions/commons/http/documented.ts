import * as v from 'valibot';

/**
 * A schema with the description and example the OpenAPI document shows for it (and a test runs
 * against the sandbox for the search criteria). A pipe of its own, so the schema it wraps, which
 * other fields may share, keeps no text that is not about them.
 */
export const documented = <S extends v.GenericSchema>(schema: S, description: string, example?: unknown) =>
  v.pipe(schema, v.metadata(example === undefined ? { description } : { description, examples: [example] }));
