import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPENAPI_FILE } from '#lib/project-paths';

/** What the contract needs of an answer. */
export interface ContractAnswer {
  readonly status: number;
  /** The media type, without parameters (`application/json`). */
  readonly mediaType: string | undefined;
  /** The parsed body of a JSON answer. */
  readonly json?: unknown;
  /** The answer's headers: when given, the documented ones are checked (present if required, valid). */
  readonly headers?: { get(name: string): string | null };
}

/** The published contract: what it finds wrong with an answer of one operation, or undefined. */
export interface Contract {
  /** `operation` is the document's path (`/products/{product_id}`); a HEAD answer has no body to check. */
  problem(method: string, operation: string, answer: ContractAnswer): string | undefined;
  /** Whether the document has this operation (a HEAD only where it is documented: the gateway answers no other). */
  describes(method: string, operation: string): boolean;
  /**
   * The document's path that the decoded segments of a request path under the server base match
   * (`['products', '42']` → `/products/{product_id}`).
   */
  operationOf(segments: readonly string[]): string | undefined;
  /**
   * An answer to a request no operation describes (an unknown path, or a method the path does
   * not have) is the gateway's: it must be one of the shared error responses
   * (`components.responses`) that the operations give for that status.
   */
  undescribedProblem(method: string, answer: ContractAnswer): string | undefined;
}

type Json = Record<string, unknown>;

const DOCUMENT_ID = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A JSON pointer to `parts` (RFC 6901). */
const pointer = (parts: readonly string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** A header's text as the value its schema describes: a number for a numeric schema. */
const headerValue = (text: string, schema: Json): unknown =>
  (schema.type === 'integer' || schema.type === 'number') && /^-?[0-9]+(\.[0-9]+)?$/.test(text)
    ? Number(text)
    : text;

/** A document path as a matcher of decoded segments: `{name}` is one whole non-empty segment. */
const pathMatcher = (template: string) => {
  const segments = template.split('/').slice(1);
  return {
    template,
    matches: (parts: readonly string[]) =>
      parts.length === segments.length &&
      segments.every((segment, i) => (/^\{[^}]+\}$/.test(segment) ? parts[i] !== '' : segment === parts[i])),
    /** `/orders/batches` before `/orders/{order_id}`, as OpenAPI says concrete paths match first. */
    rank: segments.map((segment) => (segment.startsWith('{') ? '1' : '0')).join(''),
  };
};

/**
 * The OpenAPI 3.1 document as a contract: each answer's status must be documented for its
 * operation, its media type must be one the document gives for that status, a JSON body must
 * validate against the documented schema, and the documented headers must be present when
 * required and valid against their schema when present. OpenAPI 3.1 schemas are JSON Schema
 * 2020-12, so ajv's 2020 validator checks them as they are, `$ref`s into the document included.
 */
export function openApiContract(document: Json): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const validators = new Map<string, ValidateFunction>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const components = (document.components ?? {}) as { responses?: Record<string, Json> };
  const matchers = Object.keys(paths)
    .map(pathMatcher)
    .sort((a, b) => a.rank.localeCompare(b.rank));

  const validatorAt = (where: readonly string[]) => {
    const ref = `${DOCUMENT_ID}#/${pointer(where)}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  };
  /** The first error, where it is (`/0`, else `whole`) and what. */
  const firstError = (validate: ValidateFunction, whole: string) => {
    const [first] = validate.errors ?? [];
    return `${first?.instancePath || whole} ${first?.message ?? 'is invalid'}`;
  };

  /** A response object, following one `$ref` into components. */
  const responseOf = (response: Json, where: readonly string[]): { where: string[]; value: Json } => {
    const ref = response.$ref;
    if (typeof ref !== 'string') return { where: [...where], value: response };
    const name = ref.replace('#/components/responses/', '');
    return { where: ['components', 'responses', name], value: components.responses?.[name] ?? {} };
  };

  /** The shared error responses by status, as the operations refer to them. */
  const shared = new Map<string, Set<string>>();
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const responses = (item[method]?.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (typeof response.$ref !== 'string') continue;
        shared.set(status, (shared.get(status) ?? new Set()).add(response.$ref));
      }
    }
  }

  /** What is wrong with an answer for one documented response (resolved), or undefined. */
  const responseProblem = (
    response: { where: string[]; value: Json },
    answer: ContractAnswer,
    withBody: boolean,
  ): string | undefined => {
    const headers = (response.value.headers ?? {}) as Record<string, Json>;
    if (answer.headers) {
      for (const [name, header] of Object.entries(headers)) {
        const text = answer.headers.get(name);
        if (text === null) {
          if (header.required === true) return `the ${answer.status} answer has no ${name} header`;
          continue;
        }
        const schema = (header.schema ?? {}) as Json;
        const validate = validatorAt([...response.where, 'headers', name, 'schema']);
        if (!validate(headerValue(text, schema))) {
          return `the ${answer.status} answer's ${name} header (${JSON.stringify(text)}) does not match docs/openapi.json: ${firstError(validate, 'the value')}`;
        }
      }
    }
    const content = response.value.content as Record<string, Json> | undefined;
    if (!content || !withBody) return undefined;
    if (!answer.mediaType || !(answer.mediaType in content)) {
      return `the ${answer.status} answer is ${answer.mediaType ?? 'without a Content-Type'}, documented as ${Object.keys(content).join(' or ')}`;
    }
    if (answer.mediaType !== 'application/json') return undefined;
    const validate = validatorAt([...response.where, 'content', 'application/json', 'schema']);
    if (validate(answer.json)) return undefined;
    return `the ${answer.status} body does not match docs/openapi.json: ${firstError(validate, '(the body)')}`;
  };

  return {
    problem(method, operation, answer) {
      const head = method.toUpperCase() === 'HEAD';
      const key = method.toLowerCase();
      const op = paths[operation]?.[key];
      if (!op) return `${method} ${operation} is not in docs/openapi.json`;
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const documented = responses[String(answer.status)];
      if (!documented) {
        return `${answer.status} is not a documented answer of ${method} ${operation} (${Object.keys(responses).join(', ')})`;
      }
      const where = ['paths', operation, key, 'responses', String(answer.status)];
      return responseProblem(responseOf(documented, where), answer, !head);
    },
    describes(method, operation) {
      return Boolean(paths[operation]?.[method.toLowerCase()]);
    },
    operationOf(segments) {
      return matchers.find((matcher) => matcher.matches(segments))?.template;
    },
    undescribedProblem(method, answer) {
      const refs = [...(shared.get(String(answer.status)) ?? [])];
      if (refs.length === 0) {
        return `${answer.status} is not one of the shared error responses (${[...shared.keys()].join(', ')})`;
      }
      const problems = refs.map((ref) =>
        responseProblem(responseOf({ $ref: ref }, []), answer, method.toUpperCase() !== 'HEAD'),
      );
      return problems.includes(undefined) ? undefined : problems[0];
    },
  };
}

/** The committed document, docs/openapi.json, as a contract. */
export const committedContract = (): Contract =>
  openApiContract(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json);
