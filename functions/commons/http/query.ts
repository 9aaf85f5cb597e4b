import type * as z from 'zod/mini';
import { invalidParameter, invalidRequest, parameterName } from './errors';

type RawQuery = Readonly<Record<string, readonly string[] | undefined>> | null | undefined;

const unwrap = (schema: z.ZodMiniType): z.ZodMiniType => {
  const def = schema._zod.def as { type: string; innerType?: z.ZodMiniType };
  return (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') && def.innerType
    ? unwrap(def.innerType)
    : schema;
};

/** A list parameter is one whose schema is an array: it may be repeated or comma-delimited. */
export const isListParameter = (schema: z.ZodMiniType): boolean => unwrap(schema)._zod.def.type === 'array';

/**
 * Turns API Gateway's multi-value query into the object a handler's schema validates.
 * List parameters accept `a&a` and `a,b` alike, and the comma is their only delimiter (spec);
 * a `|` stays part of the value. Any other parameter given twice is a 400, as is an unknown one.
 */
export const readQuery = (
  raw: RawQuery,
  shape: Readonly<Record<string, z.ZodMiniType>>,
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

/** Validates with the handler's schema; the first issue names the offending parameter. */
export const parseWith = <S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  where: 'query' | 'body',
): z.infer<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.infer<S>;
  const [issue] = result.error.issues;
  if (issue?.code === 'unrecognized_keys') {
    const [key] = issue.keys;
    const plain = (key === undefined ? undefined : nestedName([...issue.path, key])) ?? parameterName(key);
    const subject = where === 'query' ? 'query parameter' : 'field';
    throw invalidRequest(
      plain ? `The ${subject} '${plain}' is not supported.` : `A ${subject} is not supported.`,
    );
  }
  const name = issue?.path[0];
  const missing =
    typeof input === 'object' && input !== null && name !== undefined && !(name in (input as object));
  if (missing && parameterName(name)) {
    const subject = where === 'query' ? 'query parameter' : 'field';
    throw invalidRequest(`The ${subject} '${String(name)}' is required.`);
  }
  throw invalidParameter(nestedName(issue?.path ?? []) ?? name, where);
};

/**
 * A member of a nested object named with dots (`computer.ram_gb`) when every step is a plain name;
 * undefined otherwise (the caller names less, e.g. the top-level field of an array's element).
 */
const nestedName = (path: readonly PropertyKey[]): string | undefined =>
  path.length > 1 && path.every((step) => parameterName(step) !== undefined) ? path.join('.') : undefined;
