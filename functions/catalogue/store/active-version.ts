import type { Language } from '#commons/languages';
import { getItem } from '#commons/store/table-items';
import { activeVersionKey } from '#functions/contracts/keys/catalogue-keys';
import { layoutOf, versionLanguages } from '../domain/catalogue-layout';

/**
 * How long an execution environment keeps the active version it read. A publish removes the
 * previous version only after a grace period longer than this (PUBLISH_TIMING.graceSeconds), so
 * a reader never reads a version that is being removed.
 */
export const ACTIVE_VERSION_CACHE_MS = 5_000;

export interface ActiveVersion {
  readonly version: string;
  readonly publishedAt: string;
  /** What the version holds (docs/decisions/catalogue-versions.md D73): readers of newer data answer 503 until it is upgraded. */
  readonly layout: number;
  /** Layout 4: the generation whose shared items it reads (docs/decisions/catalogue-versions.md D90); 0 before. */
  readonly generation: number;
  /** The languages its texts are in (docs/decisions/http-requests.md D8): as recorded (layout 5), else the first five. */
  readonly languages: readonly Language[];
}

let cached: { active: ActiveVersion | undefined; readAt: number } | undefined;

/** The version readers see now (undefined on a stage nothing was published to yet). */
export const activeVersion = async (now = performance.now()): Promise<ActiveVersion | undefined> => {
  if (cached && now - cached.readAt < ACTIVE_VERSION_CACHE_MS) return cached.active;
  const item = await getItem(activeVersionKey);
  const active =
    item && typeof item.version === 'string'
      ? {
          version: item.version,
          publishedAt: String(item.publishedAt),
          layout: layoutOf(item),
          generation: typeof item.generation === 'number' ? item.generation : 0,
          languages: versionLanguages(
            Array.isArray(item.languages) ? { languages: item.languages.map(String) } : undefined,
          ),
        }
      : undefined;
  cached = { active, readAt: now };
  return active;
};

/**
 * The languages translated routes negotiate `Accept-Language` over: the active version's (on a stage
 * nothing was published to, those every version had).
 */
export const activeLanguages = async (): Promise<readonly Language[]> =>
  versionLanguages(await activeVersion());

/** Forgets the cached version (tests; the sandbox's tools after a publish they wait for). */
export const forgetActiveVersion = () => {
  cached = undefined;
};
