import * as v from 'valibot';
import { invalidParameter, invalidRequest, parameterName } from './errors';

type RawQuery = Readonly<Record<string, readonly string[] | undefined>> | null | undefined;

/** The schema an optional parameter wraps (valibot's `optional` keeps it in `wrapped`). */
export const unwrapOptional = (schema: v.GenericSchema): v.GenericSchema =>
  schema.type === 'optional' && 'wrapped' in schema
    ? unwrapOptional(schema.wrapped as v.GenericSchema)
    : schema;

/** A list parameter is one whose schema is an array: it may be repeated or comma-delimited. */
export const isListParameter = (schema: v.GenericSchema): boolean => unwrapOptional(schema).type === 'array';

/**
 * Turns API Gateway's multi-value query into the object a handler's schema validates.
 * List parameters accept `a&a` and `a,b` alike, and the comma is their only delimiter (spec);
 * a `|` stays part of the value. Any other parameter given twice is a 400, as is an unknown one.
 */
export const readQuery = (
  raw: RawQuery,
  shape: Readonly<Record<string, v.GenericSchema>>,
): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = {};
  for (const [name, values = []] of Object.entries(raw ?? {})) {
    // Own keys only: `constructor`, `toString` or `__proto__` must not find Object.prototype's.
    const schema = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (!schema) {
      const plain = parameterName(name);
      throw invalidRequest(
        plain ? `The query parameter '${plain}' is not supported.` : 'A query parameter is not supported.',
      );
    }
    if (isListParameter(schema)) {
      query[name] = values.flatMap((value) => value.split(','));
    } else if (values.length === 1 && values[0] !== undefined) {
      query[name] = values[0];
    } else if (values.length > 1) {
      throw invalidRequest(`The query parameter '${name}' must be given once.`);
    }
  }
  return query;
};

/** Where an issue is, as names and indexes; a strict object's unknown member is the path's last step. */
const located = (issue: v.BaseIssue<unknown> | undefined) => {
  const path: PropertyKey[] = (issue?.path ?? []).map((step) => step.key as PropertyKey);
  const unknownKey = issue?.type === 'strict_object' && issue.expected === 'never' ? path.pop() : undefined;
  return { path, unknownKey };
};

/** Validates with the handler's schema; the first issue names the offending parameter. */
export const parseWith = <S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  where: 'query' | 'body',
): v.InferOutput<S> => {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const { path, unknownKey } = located(result.issues[0]);
  const subject = where === 'query' ? 'query parameter' : 'field';
  if (unknownKey !== undefined) {
    const plain = nestedName([...path, unknownKey]) ?? parameterName(unknownKey);
    throw invalidRequest(
      plain ? `The ${subject} '${plain}' is not supported.` : `A ${subject} is not supported.`,
    );
  }
  const name = path[0];
  const missing =
    typeof input === 'object' && input !== null && name !== undefined && !(name in (input as object));
  if (missing && parameterName(name)) throw invalidRequest(`The ${subject} '${String(name)}' is required.`);
  throw invalidParameter(nestedName(path) ?? name, where);
};

/**
 * A member of a nested object named with dots (`computer.ram_gb`) when every step is a plain name;
 * undefined otherwise (the caller names less, e.g. the top-level field of an array's element).
 */
const nestedName = (path: readonly PropertyKey[]): string | undefined =>
  path.length > 1 && path.every((step) => parameterName(step) !== undefined) ? path.join('.') : undefined;
