import type * as v from 'valibot';

/**
 * A stage file's issues as an operator reads them, one `✖` line each with the setting it is at
 * (`→ at identity.audience`), worded as the project's stage file errors always were (docs/decisions/stages-and-deploys.md
 * D72): a member the schema does not have is an unrecognized key at its object, a missing one
 * names the type it should have.
 */

type Step = NonNullable<v.BaseIssue<unknown>['path']>[number];
type Node = v.GenericSchema & {
  wrapped?: Node;
  entries?: Record<string, Node>;
  key?: string;
  options?: Node[];
  value?: Node;
};

/** The schema that checks the member at `path` (through optionals, variants and records). */
const schemaAt = (root: v.GenericSchema, path: readonly Step[]): Node | undefined => {
  let schema: Node | undefined = root as Node;
  for (const step of path) {
    while (schema?.wrapped) schema = schema.wrapped;
    if (schema?.type === 'variant') {
      const key: string = schema.key ?? '';
      const options: readonly Node[] = schema.options ?? [];
      const chosen = (step.input as Record<string, unknown>)[key];
      schema = options.find((option) => (option.entries?.[key] as { literal?: unknown })?.literal === chosen);
    }
    schema = schema?.entries?.[String(step.key)] ?? schema?.value;
  }
  while (schema?.wrapped) schema = schema.wrapped;
  return schema;
};

const named = (path: readonly Step[]) => path.map((step) => String(step.key)).join('.');

export const explainIssues = (root: v.GenericSchema, issues: readonly v.BaseIssue<unknown>[]): string =>
  issues
    .map((issue) => {
      const path = issue.path ?? [];
      const last = path.at(-1);
      let message = issue.message;
      let at: readonly Step[] = path;
      if (last?.origin === 'key') {
        const missing =
          issue.expected !== 'never' && (issue.type === 'object' || issue.type === 'strict_object');
        if (missing) {
          message = `Invalid input: expected ${schemaAt(root, path)?.expects ?? 'a value'}, received undefined`;
        } else {
          message = `Unrecognized key: ${JSON.stringify(last.key)}`;
          at = path.slice(0, -1);
        }
      }
      return at.length > 0 ? `✖ ${message}\n  → at ${named(at)}` : `✖ ${message}`;
    })
    .join('\n');
