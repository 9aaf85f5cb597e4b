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
}

/** The published contract: what it finds wrong with an answer of one operation, or undefined. */
export interface Contract {
  problem(method: string, operation: string, answer: ContractAnswer): string | undefined;
}

type Json = Record<string, unknown>;

const DOCUMENT_ID = 'openapi.json';

/** A JSON pointer to `parts` (RFC 6901). */
const pointer = (parts: readonly string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/**
 * The OpenAPI 3.1 document as a contract: each answer's status must be documented for its
 * operation, its media type must be one the document gives for that status, and a JSON body must
 * validate against the documented schema. OpenAPI 3.1 schemas are JSON Schema 2020-12, so ajv's
 * 2020 validator checks them as they are, `$ref`s into the document included.
 */
export function openApiContract(document: Json): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const validators = new Map<string, ValidateFunction>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const components = (document.components ?? {}) as { responses?: Record<string, Json> };

  /** A response object, following one `$ref` into components. */
  const responseOf = (response: Json): { name: string[]; value: Json } => {
    const ref = response.$ref;
    if (typeof ref !== 'string') return { name: [], value: response };
    const name = ref.replace('#/components/responses/', '');
    return { name: ['components', 'responses', name], value: components.responses?.[name] ?? {} };
  };

  return {
    problem(method, operation, answer) {
      const op = paths[operation]?.[method.toLowerCase()];
      if (!op) return `${method} ${operation} is not in docs/openapi.json`;
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const documented = responses[String(answer.status)];
      if (!documented) {
        return `${answer.status} is not a documented answer of ${method} ${operation} (${Object.keys(responses).join(', ')})`;
      }
      const { name, value } = responseOf(documented);
      const content = value.content as Record<string, Json> | undefined;
      if (!content) return undefined;
      if (!answer.mediaType || !(answer.mediaType in content)) {
        return `the ${answer.status} answer is ${answer.mediaType ?? 'without a Content-Type'}, documented as ${Object.keys(content).join(' or ')}`;
      }
      if (answer.mediaType !== 'application/json') return undefined;
      const where =
        name.length > 0
          ? name
          : ['paths', operation, method.toLowerCase(), 'responses', String(answer.status)];
      const ref = `${DOCUMENT_ID}#/${pointer([...where, 'content', 'application/json', 'schema'])}`;
      let validate = validators.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        validators.set(ref, validate);
      }
      if (validate(answer.json)) return undefined;
      const [first] = validate.errors ?? [];
      return `the ${answer.status} body does not match docs/openapi.json: ${first?.instancePath || '(the body)'} ${first?.message ?? 'is invalid'}`;
    },
  };
}

/** The committed document, docs/openapi.json, as a contract. */
export const committedContract = (): Contract =>
  openApiContract(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json);
