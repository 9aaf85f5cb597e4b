/**
 * The decision records of docs/decisions/ (`### Dnn Title` on a topic page) and the citations of
 * them in any text: a page followed by its numbers, in every form the tree writes one
 * (`docs/decisions/report-export.md D5, D6, D22–D24`, `catalogue-versions.md (D46, D48)`,
 * `http-requests.md D8 and D17`, across a comment's lines), so that each number is held to the page
 * named before it, not only the first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

const DECISIONS = path.join(projectRoot, 'docs', 'decisions');

/** The topic pages (every page of docs/decisions/ but the index). */
export const decisionPages: readonly string[] = readdirSync(DECISIONS)
  .filter((name) => name.endsWith('.md') && name !== 'index.md')
  .sort();

/** The pages each decision's record is on (one, unless a number was given twice). */
export const definedOn: ReadonlyMap<string, readonly string[]> = (() => {
  const on = new Map<string, string[]>();
  for (const page of decisionPages) {
    for (const [, d] of readFileSync(path.join(DECISIONS, page), 'utf8').matchAll(/^### (D\d+) /gm))
      on.set(d!, [...(on.get(d!) ?? []), page]);
  }
  return on;
})();

export interface Citation {
  /** The decision page named, `report-export.md`. */
  readonly page: string;
  /** Every number the citation gives that page, ranges spread (`D22–D24` is D22, D23, D24). */
  readonly numbers: readonly string[];
  /** The citation as written, on one line. */
  readonly text: string;
  readonly offset: number;
}

// A comment's continuation marks between the parts of a citation that runs over lines.
const GAP = String.raw`\s*(?:(?:\*|//)\s+)?`;
const REF = String.raw`D\d+(?:\s*[–-]\s*D\d+)?`;
// A decision may be followed by what it is about: `D49 (Control Tower controls), D50 (stage files)`.
const ABOUT = String.raw`(?:\s*\([^()]*\))?`;
const LIST = `${REF}${ABOUT}(?:(?:,${GAP}|,?${GAP}and${GAP})${REF}${ABOUT})*`;
const PAGES = decisionPages.map((page) => page.replace(/\.md$/, '').replace(/-/g, '\\-')).join('|');
const CITATION = new RegExp(
  String.raw`(?<![\w-])(?:docs/)?(?:decisions/)?(${PAGES})\.md\`?\)?${GAP}(?:\(${GAP})?(${LIST})`,
  'g',
);

/** The numbers a list names: `D5, D6, D22–D24 (reports)` is D5, D6, D22, D23 and D24. */
const numbersOf = (list: string): string[] =>
  [...list.replace(/\([^()]*\)/g, '').matchAll(/D(\d+)(?:\s*[–-]\s*D(\d+))?/g)].flatMap(([, from, to]) =>
    Array.from({ length: Number(to ?? from) - Number(from) + 1 }, (_, i) => `D${Number(from) + i}`),
  );

/** Every citation of a decision with its page in a text. */
export const citations = (text: string): Citation[] =>
  [...text.matchAll(CITATION)].map((m) => ({
    page: `${m[1]}.md`,
    numbers: numbersOf(m[2]!),
    text: m[0].replace(/\s+/g, ' '),
    offset: m.index,
  }));
