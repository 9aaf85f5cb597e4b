/**
 * The docs as a reader of a fresh clone meets them: README.md, CONTRIBUTING.md and every page under
 * docs/, with what the repository tests of the docs need of them (their prose without fenced code,
 * their code spans, links and headings as GitHub slugs them) and the tree they may point at: the
 * files git keeps or would add, never a git-ignored one (a clone does not have it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import GithubSlugger from 'github-slugger';
import { projectRoot } from '#lib/project-paths';

/** Every file of the tree that git keeps or would add, relative to the root. */
export const treeFiles: readonly string[] = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  { cwd: projectRoot, encoding: 'utf8' },
)
  .split('\0')
  .filter((file) => file && existsSync(path.join(projectRoot, file)));

/** Every folder holding a file of the tree. */
export const treeFolders: ReadonlySet<string> = new Set(
  treeFiles.flatMap((file) => {
    const parts = file.split('/').slice(0, -1);
    return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  }),
);

/** The pages: README.md, CONTRIBUTING.md and every `.md` under docs/. */
export const docPages: readonly string[] = [
  'README.md',
  'CONTRIBUTING.md',
  ...treeFiles.filter((file) => file.startsWith('docs/') && file.endsWith('.md')).sort(),
];

const texts = new Map<string, string>();
export const pageText = (page: string): string => {
  let text = texts.get(page);
  if (text === undefined) {
    text = readFileSync(path.join(projectRoot, page), 'utf8');
    texts.set(page, text);
  }
  return text;
};

/** The page with every line of a fenced code block blanked to spaces, so offsets keep their place. */
export const withoutFences = (text: string): string => {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const opener = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && opener) {
        fence = opener;
        return ' '.repeat(line.length);
      }
      if (fence !== undefined) {
        if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
        return ' '.repeat(line.length);
      }
      return line;
    })
    .join('\n');
};

/** The prose of a page: no fenced code, and each code span blanked to spaces (links inside code are not links). */
export const prose = (text: string): string =>
  withoutFences(text).replace(/`[^`]+`/g, (span) => span.replace(/[^\n]/g, ' '));

/** The line (from 1) of an offset in a text. */
export const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** Where a finding is, for a failure's message: `page:line`. */
export const at = (page: string, text: string, offset: number) => `${page}:${lineAt(text, offset)}`;

/** A page's headings, each with the anchor GitHub gives it (github-slugger: lower case, punctuation dropped, `-1` for a repeat) and its line (from 1). */
export const headings = (page: string): readonly { slug: string; line: number }[] => {
  const slugger = new GithubSlugger();
  return withoutFences(pageText(page))
    .split('\n')
    .flatMap((line, i) => {
      const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
      if (heading === undefined) return [];
      // The heading's text as GitHub renders it: a link is its text, emphasis and code marks go.
      const rendered = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*`]/g, '');
      return [{ slug: slugger.slug(rendered), line: i + 1 }];
    });
};

/** The anchors GitHub gives a page's headings. */
export const headingSlugs = (page: string): ReadonlySet<string> => new Set(headings(page).map((h) => h.slug));
