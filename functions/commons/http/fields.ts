import { invalidRequest } from './errors';

const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Parses `fields` (spec: a comma-separated list of field names). Absent means every field. A
 * name the resource does not have is a 400 rather than a silently smaller answer.
 */
export const parseFields = (
  raw: string | undefined,
  known: readonly string[],
): ReadonlySet<string> | undefined => {
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((name) => name.trim());
  if (names.some((name) => !FIELD_NAME.test(name) || !known.includes(name))) {
    throw invalidRequest("The query parameter 'fields' names a field this resource does not have.");
  }
  return new Set(names);
};

const pickOne = (value: unknown, fields: ReadonlySet<string>): unknown => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => fields.has(key)));
};

/** `fields` applies to an object, and to each element of an array (docs/decisions/http-requests.md D9). */
export const pickFields = (body: unknown, fields: ReadonlySet<string> | undefined): unknown => {
  if (!fields) return body;
  return Array.isArray(body) ? body.map((element) => pickOne(element, fields)) : pickOne(body, fields);
};
