import { type ConversionConfig, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

type Json = Record<string, unknown>;

/**
 * The JSON Schema (draft 2020-12) of a valibot schema, for the OpenAPI document and the stage
 * file's editor copy (docs/decisions/functions-and-bundles.md D37). What it leaves out: checks of code of ours (a real
 * calendar day, an allowed year, distinct ids, an https URL) and what a value becomes
 * (upper-casing, trimming); any other action the converter does not know still throws. No
 * `required` list that names nothing.
 */
export const jsonSchemaOf = (
  schema: v.GenericSchema,
  config: Pick<ConversionConfig, 'typeMode' | 'overrideSchema'>,
): Json => {
  const converted = toJsonSchema(schema, {
    target: 'draft-2020-12',
    ignoreActions: ['check', 'raw_check', 'to_upper_case', 'trim'],
    // A pattern of JSON Schema 2020-12 is read with Unicode semantics, the `u` flag's, so a `u`
    // regex (free text's `\p{…}` classes) is the same pattern; any other flag still throws.
    overrideAction: ({ valibotAction, jsonSchema, errors }) =>
      valibotAction.type === 'regex' &&
      (valibotAction as unknown as { requirement: RegExp }).requirement.flags === 'u' &&
      errors?.length === 1
        ? jsonSchema
        : undefined,
    ...config,
  });
  return JSON.parse(JSON.stringify(converted), (_key, value) =>
    value && typeof value === 'object' && Array.isArray(value.required) && value.required.length === 0
      ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'required'))
      : value,
  ) as Json;
};
