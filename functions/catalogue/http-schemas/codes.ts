import * as v from 'valibot';

/**
 * A country (2 letters) or currency (3 letters) code in any case, upper-cased. `doc` is the
 * description and example the OpenAPI document shows, on the string a client sends (text put
 * after the upper-casing would describe the schema's output, which the document does not show).
 */
export const upperCode = (length: number, doc?: { description: string; example: string }) =>
  v.pipe(
    v.string(),
    v.length(length),
    v.regex(new RegExp(`^[A-Za-z]{${length}}$`)),
    v.metadata(doc ? { description: doc.description, examples: [doc.example] } : {}),
    v.toUpperCase(),
  );

/** A business unit or stock location id: lower-case letters, digits and hyphens, 1 to 40. */
export const slugId = v.pipe(v.string(), v.maxLength(40), v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/));
