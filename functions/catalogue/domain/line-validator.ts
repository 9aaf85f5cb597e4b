import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { LANGUAGE_TAG_PATTERN } from '#commons/languages';
import { type CatalogueLine, catalogueLineSchema, LINE_KINDS, stockLineSchema } from './catalogue-schema';
import type { StockUpdate } from './stock-update';

/**
 * Validates one parsed line against a line schema and turns ajv's first error into a short,
 * general message that names the field (`prices.FR.currency must match pattern "^[A-Z]{3}$"`)
 * and never echoes a value from the file, only (truncated) field names.
 */

export type LineCheck<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

/** Compiled once per process: compiling is the slow part, validating a line is fast. */
// Strict about unknown keywords; `required` inside if/then names fields declared beside it, which is fine.
const ajv = new Ajv2020({ allErrors: false, strictSchema: true, strictTypes: 'log', strictRequired: false });
addFormats(ajv, ['date-time', 'uri']);
const catalogueLine = ajv.compile(catalogueLineSchema);
const stockLine = ajv.compile(stockLineSchema);

const MAX_NAME = 40;
/** A field name from the file, quoted and cut short so a hostile key cannot flood the report. */
const quoted = (name: string) =>
  JSON.stringify(name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}…` : name);

const fieldPath = (prefix: string, pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((raw) => raw.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (path, segment) =>
        /^\d+$/.test(segment)
          ? `${path}[${segment}]`
          : /^[A-Za-z_][\w-]*$/.test(segment) && segment.length <= MAX_NAME
            ? `${path}.${segment}`
            : `${path}[${quoted(segment)}]`,
      prefix,
    );

const describe = (prefix: string, error: ErrorObject): string => {
  const at = fieldPath(prefix, error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.propertyName !== undefined)
    return params.pattern === LANGUAGE_TAG_PATTERN || error.keyword === 'maxLength'
      ? `${at} has a key ${quoted(error.propertyName)} that is not a BCP 47 language tag`
      : `${at} has a key ${quoted(error.propertyName)} that ${error.message ?? 'is not allowed'}`;
  switch (error.keyword) {
    case 'type':
      return error.instancePath === '' ? `${at} must be a JSON object` : `${at} ${error.message}`;
    case 'required':
      return `${fieldPath(at, `/${String(params.missingProperty)}`)} is missing`;
    case 'additionalProperties':
      return `${at} has an unknown field ${quoted(String(params.additionalProperty))}`;
    case 'false schema':
      return `${at} is not allowed here`;
    case 'enum':
      return `${at} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return `${at} ${error.message ?? 'is not valid'}`;
  }
};

/** What a line is called in messages: its kind when it has a known one, else just `line`. */
export const prefixOf = (value: unknown): string => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && (LINE_KINDS as readonly string[]).includes(kind) ? kind : 'line';
};

const check =
  <T>(validate: ValidateFunction, prefixFor: (value: unknown) => string) =>
  (value: unknown): LineCheck<T> => {
    if (validate(value)) return { ok: true, value: value as T };
    const [first] = validate.errors ?? [];
    const prefix = prefixFor(value);
    return { ok: false, message: first ? describe(prefix, first) : `${prefix} is not valid` };
  };

export const checkCatalogueLine = check<CatalogueLine>(catalogueLine, prefixOf);
export const checkStockLine = check<StockUpdate>(stockLine, () => 'line');
