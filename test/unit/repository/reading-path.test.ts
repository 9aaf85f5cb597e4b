/**
 * The reading path stays short (CONTRIBUTING.md, "Docs that stay true"; docs/decisions/codebase-conventions.md
 * D106): docs/architecture.md's "Where to read for…" table sends each question to sections of that
 * page, then to one topic page. README.md, plus every section the table links, each counted once
 * from its heading to the next heading, must stay within READING_PATH_LINES: a page that grows
 * by restating what another holds fails here, naming what it reads.
 */
import * as path from 'node:path';
import { docPages, headings, pageText, withoutFences } from './support/doc-pages';

/** The most lines a newcomer reads to answer every question of the table. */
const READING_PATH_LINES = 900;

const ARCHITECTURE = 'docs/architecture.md';

type Section = { page: string; first: number; last: number };

/** Each heading's GitHub anchor with the lines of its section, heading included, up to the next heading. */
const sectionsOf = (page: string): ReadonlyMap<string, Section> => {
  const all = headings(page);
  const end = lineCount(page);
  return new Map(
    all.map((h, i) => [h.slug, { page, first: h.line, last: (all[i + 1]?.line ?? end + 1) - 1 }]),
  );
};

const lineCount = (page: string) => pageText(page).replace(/\n$/, '').split('\n').length;

/** The rows of the table: the question, and the sections its cells link, as page and anchor. */
const rows = withoutFences(pageText(ARCHITECTURE))
  .split('\n')
  .filter((line) => line.startsWith('| ') && /\]\([^)]*#/.test(line))
  .map((line) => {
    const [question, ...cells] = line.split('|').slice(1, -1);
    const links = cells.flatMap((cell) =>
      [...cell.matchAll(/\]\(([^)#]*)#([^)]+)\)/g)].map(([, file, anchor]) => ({
        page: file ? path.posix.normalize(path.posix.join('docs', file!)) : ARCHITECTURE,
        anchor: anchor!,
      })),
    );
    return { question: question!.trim(), links };
  });

describe('the reading path of docs/architecture.md, "Where to read for…"', () => {
  it('has its twelve questions, each linked to sections that exist', () => {
    expect(rows.map((row) => row.question)).toHaveLength(12);
    const missing = rows.flatMap(({ question, links }) =>
      links
        .filter(({ page, anchor }) => !docPages.includes(page) || !sectionsOf(page).has(anchor))
        .map(({ page, anchor }) => `${question}: ${page}#${anchor}`),
    );
    expect(missing).toEqual([]);
  });

  it('sends each question to this page, then to one topic page', () => {
    const wider = rows
      .map(({ question, links }) => ({
        question,
        pages: [...new Set(links.map((l) => l.page).filter((p) => p !== ARCHITECTURE))],
      }))
      .filter(({ pages }) => pages.length !== 1)
      .map(({ question, pages }) => `${question}: ${pages.join(', ') || 'no topic page'}`);
    expect(wider).toEqual([]);
  });

  it(`answers them all from at most ${READING_PATH_LINES} lines: README.md, then the sections linked`, () => {
    const read = new Set<string>();
    const perPage = new Map<string, number>();
    for (const { page, anchor } of rows.flatMap((row) => row.links)) {
      const section = sectionsOf(page).get(anchor)!;
      for (let line = section.first; line <= section.last; line++) {
        if (read.has(`${page}:${line}`)) continue;
        read.add(`${page}:${line}`);
        perPage.set(page, (perPage.get(page) ?? 0) + 1);
      }
    }
    const total = lineCount('README.md') + read.size;
    const detail = [['README.md', lineCount('README.md')], ...perPage]
      .map(([page, lines]) => `${page} ${lines}`)
      .join(', ');
    // The failure names the count and what it reads, page by page.
    expect(total <= READING_PATH_LINES ? 'within' : `${total} lines: ${detail}`).toBe('within');
  });
});
