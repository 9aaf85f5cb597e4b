import type { Language } from '#commons/languages';
import { CATALOGUE_ENV } from '../environment';

/**
 * Where things live in the import bucket. Uploads expire by a lifecycle rule (the publish reads
 * them once); a version's plan files stay until the version is removed, since its removal reads
 * them to know which items to delete.
 */
export const UPLOAD_PREFIX = 'uploads/';
export const VERSION_PREFIX = 'versions/';

export const uploadKey = (publishId: string) => `${UPLOAD_PREFIX}${publishId}.jsonl`;
export const versionFileKey = (version: string, file: number) =>
  `${VERSION_PREFIX}${version}/items-${String(file).padStart(6, '0')}.json`;

/**
 * Layout 4 (docs/decisions/catalogue-versions.md D90): a version's manifest (which generation of each product and
 * stock level it reads, with content hashes) and its catalogue as the lines of its file, both
 * gzipped, what an upgrade and `export` read back.
 */
export const manifestKey = (version: string) => `${VERSION_PREFIX}${version}/manifest.json.gz`;
export const catalogueCopyKey = (version: string) => `${VERSION_PREFIX}${version}/catalogue.jsonl.gz`;

/**
 * A version's search snapshot (docs/decisions/search-engine.md D68): its products' columns, one text index per
 * language (both gzipped packed arrays), and where each product is in stock, which a stock update
 * rewrites. Part of the version: written by its publish, removed with it.
 */
export const searchDocumentsKey = (version: string) => `${VERSION_PREFIX}${version}/search-documents.bin.gz`;
export const searchTextKey = (version: string, language: Language) =>
  `${VERSION_PREFIX}${version}/search-text-${language}.bin.gz`;
export const stockSnapshotKey = (version: string) => `${VERSION_PREFIX}${version}/search-stock.json`;
/** The single JSON snapshot the first search read: removed with the versions published then. */
export const legacySearchSnapshotKey = (version: string) =>
  `${VERSION_PREFIX}${version}/search-products.json`;
/** Every search snapshot object of a version whose texts are in `languages`. */
export const searchSnapshotKeys = (version: string, languages: readonly Language[]) => [
  searchDocumentsKey(version),
  ...languages.map((language) => searchTextKey(version, language)),
  stockSnapshotKey(version),
  legacySearchSnapshotKey(version),
];
/** What the search functions may read (lib/catalogue-import-bucket.ts): the snapshots, nothing else. */
export const SEARCH_SNAPSHOT_PATTERN = `${VERSION_PREFIX}*/search-*`;

/** The import bucket's name, from the environment the stack (or the sandbox) gives the function. */
export const importBucket = () => {
  const name = process.env[CATALOGUE_ENV.bucket];
  if (!name) throw new Error(`${CATALOGUE_ENV.bucket} is not set`);
  return name;
};
