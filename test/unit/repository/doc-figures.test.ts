/**
 * The figures the docs state about the code are the code's (CONTRIBUTING.md, "Docs that stay
 * true"; docs/decisions/codebase-conventions.md D106). Each figure of the code is a row of the
 * tables in support/ (code-figures-api.ts, -stage.ts, -decisions.ts): what it is, the code's value (imported, or read from
 * the module's source), and the sentences that state it; every page is searched for every
 * sentence, so a figure restated anywhere is held too. And every number with a unit of time,
 * size, count or rate on a reader's page (README.md, CONTRIBUTING.md, docs/*.md; not the decision
 * records, whose figures are the measurements that justify them, nor docs/performance.md, whose
 * rows `npm run bench` prints) is either one of those figures or named in not-code-figures.ts
 * as not the code's: a new figure fails here until it is tied to its constant.
 */
import { apiFigures } from './support/code-figures-api';
import { decisionFigures } from './support/code-figures-decisions';
import { stageFigures } from './support/code-figures-stage';
import type { CodeFigure } from './support/doc-figure';
import { docPages, lineAt, pageText, withoutFences } from './support/doc-pages';
import { otherFigures } from './support/not-code-figures';

const FIGURES: readonly CodeFigure[] = [...apiFigures, ...stageFigures, ...decisionFigures];

/** A page's text with fenced code blanked and each line break (with the next line's indent) one space. */
const flat = (page: string) => {
  const text = withoutFences(pageText(page));
  let joined = '';
  const lineOf: number[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    const part = (i === 0 ? '' : ' ') + line.trim();
    joined += part;
    for (let k = 0; k < part.length; k++) lineOf.push(i + 1);
  }
  return { joined, line: (offset: number) => lineOf[offset] ?? lineAt(text, text.length) };
};
const pages = docPages.map((page) => ({ page, ...flat(page) }));

const numberOf = (written: string | undefined) =>
  written === undefined ? 0 : Number(written.replace(/,/g, ''));
const global = (re: RegExp) => new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);

describe('the figures the docs state about the code', () => {
  it('are the code’s (a failure names the page, the sentence, and what the code says)', () => {
    const wrong: string[] = [];
    for (const { of, is, said } of FIGURES) {
      let found = 0;
      for (const { page, joined, line } of pages) {
        for (const sentence of said) {
          for (const m of joined.matchAll(global(sentence))) {
            found++;
            const written = m.slice(1).map(numberOf);
            const code = typeof is === 'function' ? is(written) : is;
            if (written.join() !== code.join())
              wrong.push(
                `${page}:${line(m.index)}: "${m[0]}" says ${written.join(', ')}; the code says ${code.join(', ')} (${of})`,
              );
          }
        }
      }
      if (found === 0) wrong.push(`no page states ${of} any more: take its row out of doc-figures' tables`);
    }
    expect(wrong).toEqual([]);
  });

  // A number with a unit of time, size, count or rate: `30 s`, `4 MiB`, `25 items`, `3 receives`, `100/s`, `burst 200`.
  const WITH_UNIT =
    /(?<![\w.,/#-])(?:burst )?\d[\d,]*(?:\.\d+)?(?:[ -](?:ms|s|seconds?|minutes?|min|hours?|h|days?|KB|KiB|MB|MiB|GB|items?|requests?|receives?|attempts?|retries|routes?)\b|\/s\b| (?:a|per) second\b| (?:an|per) hour\b)/g;
  const READERS = pages.filter(
    ({ page }) => !page.startsWith('docs/decisions/') && page !== 'docs/performance.md',
  );

  it('on a reader’s page are each a figure of the code or named as not the code’s', () => {
    const spans = (joined: string) =>
      [...FIGURES.flatMap((f) => f.said), ...otherFigures.flatMap((f) => f.said)].flatMap((sentence) =>
        [...joined.matchAll(global(sentence))].map((m) => [m.index, m.index + m[0].length] as const),
      );
    let seen = 0;
    const untied = READERS.flatMap(({ page, joined, line }) => {
      const covered = spans(joined);
      const found = [...joined.matchAll(WITH_UNIT)];
      seen += found.length;
      return found
        .filter((m) => !covered.some(([from, to]) => m.index >= from && m.index + m[0].length <= to))
        .map(
          (m) =>
            `${page}:${line(m.index)}: ${m[0]} in "…${joined.slice(Math.max(0, m.index - 60), m.index + 40)}…"`,
        );
    });
    expect(untied).toEqual([]);
    expect(seen).toBeGreaterThan(100);
  });
});
