import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { cacheRoot } from './seed/pristine-data';

/**
 * What the sandbox synthesizes of the stack's constructs (the table, the events rule, the state
 * machines: aws-cdk-lib loaded and constructs built, about 1.5 s a start here, twice on a first
 * start) is kept beside the seed cache, named by a hash of everything it is made from: every file
 * of lib/, functions/ and local/, the package files (aws-cdk-lib's version) and the CDK_*
 * environment. A change to any of them synthesizes again (docs/decisions/sandbox-and-tools.md D99).
 */
const SOURCES = ['lib', 'functions', 'local'];
const PACKAGE_FILES = ['package.json', 'package-lock.json'];
/** Synthesized for the last few versions of the sources (a branch switched back and forth); older ones go. */
const KEEP_VERSIONS = 3;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(file) : entry.isFile() ? [file] : [];
    })
    .sort();

let sourcesHash: string | undefined;
/** The hash of the synthesis's sources, once a process (about 30 ms). */
const sources = (): string => {
  if (sourcesHash) return sourcesHash;
  const hash = createHash('sha256');
  const files = [
    ...SOURCES.flatMap((dir) => filesUnder(path.join(projectRoot, dir))),
    ...PACKAGE_FILES.map((file) => path.join(projectRoot, file)),
  ];
  for (const file of files) {
    hash.update(`${path.relative(projectRoot, file)}\n`);
    hash.update(readFileSync(file));
  }
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('CDK_')) hash.update(`${name}=${value}\n`);
  }
  sourcesHash = hash.digest('hex').slice(0, 24);
  return sourcesHash;
};

/** How a synthesized value is written as JSON and read back (a Map, say, is not JSON). */
export interface SynthCodec<T> {
  encode(value: T): unknown;
  decode(json: unknown): T;
}

const asIs = <T>(): SynthCodec<T> => ({ encode: (value) => value, decode: (json) => json as T });

/**
 * `synthesize()`'s answer, kept under `name` for these sources: synthesized once, read back
 * (a few milliseconds) by every later start and by the seed's build.
 */
export async function cachedSynthesis<T>(
  name: string,
  synthesize: () => Promise<T>,
  codec: SynthCodec<T> = asIs<T>(),
): Promise<T> {
  const root = path.join(cacheRoot(), 'synthesized');
  const file = path.join(root, sources(), `${name}.json`);
  try {
    return codec.decode(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // Not synthesized for these sources yet (or unreadable): synthesize.
  }
  const value = await synthesize();
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a concurrent start reads a whole file or none.
  const written = `${file}.${randomUUID()}`;
  writeFileSync(written, JSON.stringify(codec.encode(value)));
  renameSync(written, file);
  prune(root);
  return value;
}

const prune = (root: string) => {
  const versions = readdirSync(root)
    .map((name) => path.join(root, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const stale of versions.slice(KEEP_VERSIONS)) rmSync(stale, { recursive: true, force: true });
};
