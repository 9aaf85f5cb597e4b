/**
 * The JSON Schemas of the OpenAPI document, from the valibot schemas the handlers validate with:
 * input side for what a client sends, output side (closed objects, nullable as a type list) for
 * what the service answers.
 */
import type { ConversionConfig, JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { unwrapOptional } from '#functions/contracts/openapi-sources';
import { jsonSchemaOf } from '../json-schema';

export type Json = Record<string, unknown>;

/**
 * What an answer is: an object has no member its schema does not name (a unit test holds the
 * views to that), and a value that may be null is `type: [t, "null"]` (docs/decisions/functions-and-bundles.md D37).
 */
const closedOutput: ConversionConfig['overrideSchema'] = ({ valibotSchema, jsonSchema }) => {
  if (valibotSchema.type === 'object') return { ...jsonSchema, additionalProperties: false };
  const [inner, nothing, ...rest] = (jsonSchema.anyOf ?? []) as Json[];
  if (valibotSchema.type === 'nullable' && rest.length === 0 && nothing?.type === 'null') {
    if (inner && Object.keys(inner).length === 1 && typeof inner.type === 'string') {
      const { anyOf: _, ...others } = jsonSchema;
      return { ...others, type: [inner.type, 'null'] } as JsonSchema;
    }
  }
  return undefined;
};

/** A JSON Schema without the `$schema` line. */
const withoutDialect = ({ $schema: _, ...rest }: Json): Json => rest;

/** Input-side JSON Schema of a schema (what a client sends). */
export const inputSchema = (schema: v.GenericSchema): Json =>
  withoutDialect(jsonSchemaOf(schema, { typeMode: 'input' }));
export const outputSchema = (schema: v.GenericSchema): Json =>
  withoutDialect(jsonSchemaOf(schema, { typeMode: 'output', overrideSchema: closedOutput }));

/** A request schema's members, as parameters: name, JSON Schema, required. */
export const properties = (schema: v.GenericSchema | undefined) => {
  if (!schema) return [];
  const json = inputSchema(schema) as { properties?: Record<string, Json>; required?: string[] };
  const entries = ((schema as { entries?: Record<string, v.GenericSchema> }).entries ?? {}) as Record<
    string,
    v.GenericSchema
  >;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    property: integerParameter(entries[name]) ?? property,
    required: json.required?.includes(name) ?? false,
  }));
};

type PipeAction = { readonly type: string; readonly requirement?: unknown };

/**
 * A query parameter the service reads as a whole number (digits, then a transform to a number
 * and its bounds: `page`, `limit`) is declared as the integer it is, with those bounds, where the
 * converter would only see the digit string (docs/decisions/api-contract.md D86).
 */
const integerParameter = (schema: v.GenericSchema | undefined): Json | undefined => {
  const pipe = (schema && (unwrapOptional(schema) as { pipe?: readonly PipeAction[] }).pipe) ?? [];
  const at = pipe.findIndex((action) => action.type === 'transform');
  if (at < 0) return undefined;
  const bound = (type: string) => pipe.slice(at + 1).find((action) => action.type === type)?.requirement;
  const [minimum, maximum] = [bound('min_value'), bound('max_value')];
  if (typeof minimum !== 'number' || typeof maximum !== 'number') return undefined;
  return { type: 'integer', format: 'int32', minimum, maximum };
};

/**
 * A view cut by `fields` (docs/decisions/api-contract.md D86): the same properties, none required,
 * since only the fields named are returned (on a list, on each element).
 */
export const partialView = (schema: Json): Json => {
  if (schema.type === 'array' && schema.items) return { ...schema, items: partialView(schema.items as Json) };
  const { required: _, ...rest } = schema;
  return rest;
};
