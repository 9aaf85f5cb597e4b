/**
 * What the docs point at exists in a fresh clone (CONTRIBUTING.md, "Docs that stay true";
 * docs/decisions/codebase-conventions.md D106): every repository path README.md, CONTRIBUTING.md and
 * docs/ name, as a code span or in prose, is a file or folder git keeps; every relative link and
 * anchor resolves, in-page and across pages, reference-style ones included, with the anchors GitHub
 * gives headings; every decision a page names exists (that each is on the page cited with it,
 * self-contained.test.ts holds for every file). A failure names the page and line.
 */
import * as path from 'node:path';
import GithubSlugger from 'github-slugger';
import { definedOn } from './support/decision-records';
import {
  at,
  docPages,
  headingSlugs,
  pageText,
  prose,
  treeFiles,
  treeFolders,
  withoutFences,
} from './support/doc-pages';

/**
 * Paths a page may name that a clone does not hold, each with what makes it: a reader is told to
 * make them, or a program writes them (git ignores them).
 */
const MADE: Record<string, string> = {
  'bench/results.json': '`npm run bench` writes it (git-ignored)',
  'stages/alice.json':
    'the stage file a reader is shown how to make (`cp stages/dev.json stages/alice.json`)',
  '.sandbox/': "the sandbox's state directory, made by `npm start`",
  '.sandbox/sandbox.json': 'the running sandbox writes it into its state directory',
  'sandbox.json': 'the running sandbox writes it into its state directory',
  'node_modules/.cache/commerce-api-sandbox': "the sandbox's seed cache, made by the first `npm start`",
  'node_modules/.cache/commerce-api-sandbox/': "the sandbox's seed cache, made by the first `npm start`",
  'node_modules/.cache/commerce-api/sandboxes/<pid>.json': 'a running sandbox registers itself there',
  'node_modules/@commerce-api/client': '`npm ci` links the client workspace there',
  'dist/': "the typed client's build, made by its `prepare` script",
  'dist/esm': "the typed client's build, made by its `prepare` script",
  'dist/cjs': "the typed client's build, made by its `prepare` script",
  'report.pdf': 'a file a command of the docs writes',
  'catalogue.jsonl': 'the file a team publishes: its own',
  'stock.jsonl': 'the stock file a team sends: its own',
  'orders.jsonl': 'the events file a team sends: its own',
  'events.jsonl': 'the events file a team sends: its own',
  'versions/': "an S3 prefix of the stage's import bucket, not a folder of the tree",
  'versions/<v>/': "an S3 prefix of the stage's import bucket, not a folder of the tree",
  'versions/<v>/items-*.json': "S3 objects of the stage's import bucket, not files of the tree",
  'node_modules/.cache/commerce-api/sandboxes/': 'running sandboxes register themselves there',
  'clients/typescript/node_modules/': "`npm ci` installs the client's own dependencies there",
  'path/to/x.test.ts': 'a test file named as an example',
  'dist/index.cjs': "openapi-fetch's build, in its package",
};

/** The first segment of every path of the tree: a path that starts with one is rooted. */
const TOP = new Set(treeFiles.map((file) => file.split('/')[0]!));
const isFolder = (name: string) => treeFolders.has(name);

/** A path as a pattern: `<name>` and `{name}` stand for one segment, `*` for part of one, `…` for anything. */
const pattern = (written: string, anchored: 'root' | 'end') => {
  const escaped = written
    .replace(/\/$/, '')
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/<[^>/]+>|\{[^}/]+\}/g, '[^/]+')
    .replace(/\*/g, '[^/]*')
    .replace(/…/g, '.*');
  return new RegExp(anchored === 'root' ? `^${escaped}(/|$)` : `(^|/)${escaped}(/|$)`);
};

/** A file of ours by its extension: a word ending so is a path even without a folder (one basename per file). */
const SOURCE = /\.(ts|mts|mjs|md|ya?ml|sh)$/;
/** What a path with a folder may end with: a file (`.json` and `.js` too, as written beside their folder) or a folder. */
const FILE = /\.(ts|mts|js|mjs|cjs|md|json|ya?ml|sh)$|\/$/;

/** Whether a path written on a page names something of the tree (or something made, listed above). */
const names = (written: string): boolean => {
  if (written in MADE) return true;
  const rooted = TOP.has(written.split('/')[0]!);
  if (!written.includes('/') && !SOURCE.test(written)) return true;
  if (!rooted && written.includes('/') && !FILE.test(written)) return true;
  const re = pattern(written, rooted ? 'root' : 'end');
  return treeFiles.some((file) => re.test(file)) || [...treeFolders].some((folder) => re.test(folder));
};

/** The words of a page that may be paths: in code spans (fenced code too, when rooted) and in prose. */
const writtenPaths = (page: string): { written: string; offset: number }[] => {
  const text = pageText(page);
  const found: { written: string; offset: number }[] = [];
  const word = /[^\s`'"()[\],;]+/g;
  const clean = (w: string) => w.replace(/^\.\//, '').replace(/[.:…]+$/, (end) => (end === '…' ? end : ''));
  // Not a path: an alias, a URL or its path, a variable, an option, a package, a placeholder, a number, an extension.
  const keep = (w: string) =>
    !/^(#|\/|~|\$|-|@|<|[a-z][\w+.-]*:)/i.test(w) && !/^\d/.test(w) && !/^\.[\w.]+$/.test(w);
  // Code spans of the prose: each word a path when it has a `/` or a file's extension.
  for (const span of withoutFences(text).matchAll(/`([^`]+)`/g)) {
    for (const w of span[1]!.matchAll(word)) {
      const written = clean(w[0]);
      if (keep(written) && (written.includes('/') || SOURCE.test(written)))
        found.push({ written, offset: span.index + 1 + w.index });
    }
  }
  // Prose and fenced code: a word that starts with a top folder of the tree (`docs/api.md`).
  const rooted = /(?<![\w./#@:~<{-])((?:\.?[\w-]+\/)+[\w.<>{}*…-]*|[\w-]+\.(?:md|json|js|ts))(?![\w/])/g;
  const plain = text.replace(/`[^`\n]+`/g, (span) => ' '.repeat(span.length));
  for (const m of plain.matchAll(rooted)) {
    const written = clean(m[1]!);
    // A path in prose names a file or a folder (`bench/floors/`), or is deep enough not to be a unit (`events/s`).
    const deep = FILE.test(written) || written.split('/').length > 2;
    if (TOP.has(written.split('/')[0]!) && written.includes('/') && deep)
      found.push({ written, offset: m.index });
  }
  return found;
};

describe('README.md, CONTRIBUTING.md and docs/', () => {
  it('name only paths a clone holds (files and folders git keeps; made ones listed with what makes them)', () => {
    const missing = docPages.flatMap((page) =>
      writtenPaths(page)
        .filter(({ written }) => !names(written))
        .map(({ written, offset }) => `${at(page, pageText(page), offset)}: ${written}`),
    );
    expect(missing).toEqual([]);
    expect(docPages.flatMap(writtenPaths).length).toBeGreaterThan(1000);
  });

  it('link only to what exists: relative links, in-page and cross-page anchors, reference definitions', () => {
    const broken: string[] = [];
    for (const page of docPages) {
      const text = prose(pageText(page));
      const where = (offset: number) => at(page, text, offset);
      const definitions = new Map<string, string>();
      for (const m of text.matchAll(/^ {0,3}\[([^\]]+)\]:\s*(\S+)/gm))
        definitions.set(m[1]!.toLowerCase(), m[2]!);
      const targets = [
        ...[...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({
          target: m[1]!,
          offset: m.index,
        })),
        ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)].map((m) => ({
          target: m[1]!,
          offset: m.index,
        })),
      ];
      for (const { target, offset } of targets) {
        if (/^[a-z][\w+.-]*:/i.test(target)) continue;
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved =
          file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
        const exists = treeFiles.includes(resolved) || isFolder(resolved.replace(/\/$/, ''));
        if (!exists) broken.push(`${where(offset)}: ${target} (no ${resolved} in the tree)`);
        else if (anchor !== undefined && resolved.endsWith('.md') && !headingSlugs(resolved).has(anchor))
          broken.push(`${where(offset)}: ${target} (${resolved} has no heading whose anchor is #${anchor})`);
      }
      // A reference-style link, `[D46]` or `[text][D46]`, needs its definition on the same page.
      for (const m of text.matchAll(/(?<![\\\]])\[([^\]\n]+)\](?:\[([^\]\n]*)\])?(?![(:[])/g)) {
        const label = (m[2] || m[1])!.toLowerCase();
        if (/^[ x]$/.test(label) || label.startsWith('^')) continue;
        if (!definitions.has(label))
          broken.push(`${where(m.index)}: [${m[2] || m[1]}] is not defined on the page`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only sections their page has (`docs/deploying.md, "Stages"`, `docs/api.md ("Batches", "Reports")`)', () => {
    const missing: string[] = [];
    const named = /([\w./-]+\.md)`?\)?,?\s*\(?((?:"[^"\n]+"(?:,\s*|\s+and\s+)?)+)/g;
    for (const page of docPages) {
      const text = withoutFences(pageText(page)).replace(/`([^`\n]+\.md)`/g, ' $1 ');
      for (const m of text.matchAll(named)) {
        const written = m[1]!;
        const target = [
          path.posix.normalize(path.posix.join(path.posix.dirname(page), written)),
          written,
          `docs/${path.posix.basename(written)}`,
          `docs/decisions/${path.posix.basename(written)}`,
        ].find((candidate) => treeFiles.includes(candidate));
        if (target === undefined) continue;
        const slugs = headingSlugs(target);
        for (const [, section] of m[2]!.matchAll(/"([^"]+)"/g)) {
          if (!slugs.has(new GithubSlugger().slug(section!.replace(/[*`]/g, ''))))
            missing.push(`${at(page, text, m.index)}: ${target} has no section "${section}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('open each code fence on a line of its own, and close it', () => {
    const broken = docPages.flatMap((page) => {
      const lines = pageText(page).split('\n');
      let open: number | undefined;
      const found: string[] = [];
      lines.forEach((line, i) => {
        if (/^\s*```/.test(line)) open = open === undefined ? i + 1 : undefined;
        else if (open === undefined && line.includes('```'))
          found.push(`${page}:${i + 1}: a fence inside a line of text (it renders as text, not code)`);
      });
      if (open !== undefined) found.push(`${page}:${open}: a fence never closed`);
      return found;
    });
    expect(broken).toEqual([]);
  });

  // Each decision cited with its page is on that page: self-contained.test.ts holds every text file of the tree to it.
  it('give every row of a table as many cells as its header (a cell too many renders a column nobody reads)', () => {
    /** The cells of a table line: split on `|` outside code spans, an escaped `\|` kept. */
    const cells = (line: string) =>
      line
        .replace(/`[^`]*`/g, (span) => span.replace(/\|/g, ' '))
        .replace(/\\\|/g, ' ')
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|').length;
    const uneven = docPages.flatMap((page) => {
      const lines = withoutFences(pageText(page)).split('\n');
      let header: number | undefined;
      return lines.flatMap((line, i) => {
        if (!line.trimStart().startsWith('|')) {
          header = undefined;
          return [];
        }
        if (header === undefined) header = cells(line);
        const count = cells(line);
        return count === header ? [] : [`${page}:${i + 1}: ${count} cells under a header of ${header}`];
      });
    });
    expect(uneven).toEqual([]);
  });

  it('name only decisions that exist', () => {
    const unknown = docPages.flatMap((page) => {
      const text = pageText(page);
      return [...prose(text).matchAll(/\bD(\d+)\b/g)]
        .filter((m) => !definedOn.has(`D${m[1]}`))
        .map((m) => `${at(page, text, m.index)}: D${m[1]} is no decision (docs/decisions/index.md)`);
    });
    expect(unknown).toEqual([]);
  });
});
