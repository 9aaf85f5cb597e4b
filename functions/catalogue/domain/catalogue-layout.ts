/**
 * Which data a catalogue version holds: its layout, a number each version records when it is
 * written (its version record and the ACTIVE record), so that code needing newer data knows an
 * older version lacks it (docs/decisions/catalogue-versions.md D73). Every layout holds everything the one before it
 * held; the items of the first one have not changed since (git history of catalogue-items.ts,
 * catalogue-keys.ts, listing.ts, product.ts, reference-data.ts).
 *
 *   1. D48's versions: reference data, products, stock levels, listing entries (with positions),
 *      and the plan files they were written from (`versions/<v>/items-*.json`).
 *   2. + one summary item per listing partition (D67), which a listing spanning several
 *      partitions pages from.
 *   3. + the search snapshot files beside the plan files (D68: columns, a text index per
 *      language, stock), which both search routes answer from.
 *   4. products and stock levels shared between versions (generations), a manifest and the
 *      catalogue's copy per version; no listing entries or summaries (listings read the
 *      snapshot). Its plan files hold only what the version writes (D90).
 *   5. texts in any BCP 47 language (docs/decisions/http-requests.md D8): the version and ACTIVE
 *      records list its languages, its snapshot has a text index for each, written with the
 *      text analysis of every script (docs/decisions/search-engine.md D105), and each index says
 *      which language each product's label is in (for `Content-Language`, D17).
 *
 * A version written before layouts were recorded has none, and reads as OLDEST_LAYOUT: every
 * version since D48 has at least that. To add a layout: raise CATALOGUE_LAYOUT, say here what it
 * adds, make the reader of the new data require it (READER_LAYOUTS, requireLayout), and give the
 * previous layout a fixture test (test/e2e/catalogue-upgrade.test.ts).
 */
import { FIRST_LANGUAGES, type Language } from '#commons/languages';
import { TemporarilyUnavailable } from '#commons/unavailable';

/** The layout this code writes, and the one a stage's active version is brought up to after a deploy. */
export const CATALOGUE_LAYOUT = 5;

/** From this layout on, a version's texts may be in any language, and its records list them. */
export const ANY_LANGUAGE_LAYOUT = 5;

/** The languages of a version: as its record lists them (layout 5), else the five every older version was limited to. */
export const versionLanguages = (record: { readonly languages?: readonly Language[] } | undefined) =>
  record?.languages ?? FIRST_LANGUAGES;

/**
 * From this layout on, products and stock levels are shared between versions, read at the
 * version's generation, with a manifest and a catalogue copy per version (D90); older versions
 * are read and removed by their own keys.
 */
export const SHARED_ITEMS_LAYOUT = 4;

/** What a version that records no layout is read as. */
export const OLDEST_LAYOUT = 1;

/** The layout each reader needs: older versions lack its data. */
export const READER_LAYOUTS = {
  /** Products and their sub-resources, stock levels, countries, business units. */
  items: 1,
  /** GET /products and GET /countries/{id}/products: the search snapshot (docs/decisions/search-engine.md D91). */
  listing: 3,
  /** POST /products/search and GET /products?searchCriteria=: the search snapshot. */
  searchSnapshot: 3,
  /** A search with `text`: the text analysis of every script (docs/decisions/search-engine.md D105). */
  textSearch: 5,
} as const;

/** A record's layout: its own, or OLDEST_LAYOUT when it was written before layouts were recorded. */
export const layoutOf = (record: { readonly layout?: unknown } | undefined): number =>
  typeof record?.layout === 'number' ? record.layout : OLDEST_LAYOUT;

/** Whether a stage whose active version is `active` needs an upgrade (nothing published: no). */
export const upgradeNeeded = (active: { readonly layout?: unknown } | undefined): boolean =>
  active !== undefined && layoutOf(active) < CATALOGUE_LAYOUT;

/**
 * How long a client waits before asking again: the readers' cache of the active version
 * (ACTIVE_VERSION_CACHE_MS), so a client that waits it sees the upgraded version as soon as a
 * reader may; a 503 reads nothing but that cached record, so being asked every 5 s costs little.
 */
export const UPGRADE_RETRY_AFTER_SECONDS = 5;

/**
 * The active version is older than a reader needs, and the upgrade the deploy started will bring
 * it up: a 503 with Retry-After (docs/decisions/catalogue-versions.md D73), with a message that names no version.
 */
export class CatalogueLayoutError extends TemporarilyUnavailable {
  constructor(
    readonly layout: number,
    readonly needed: number,
  ) {
    super(
      'The catalogue is being brought up to date; try again in a few seconds.',
      UPGRADE_RETRY_AFTER_SECONDS,
      `catalogue version of layout ${layout}, read needs layout ${needed}`,
    );
    this.name = 'CatalogueLayoutError';
  }
}

/** Throws CatalogueLayoutError when a version of `layout` lacks what a reader of `needed` reads. */
export const requireLayout = (layout: number, needed: number): void => {
  if (layout < needed) throw new CatalogueLayoutError(layout, needed);
};
