import type { Language } from '#commons/languages';
import type { IndexNeeds, SearchSources } from '../services/search-service';
import type { ActiveVersion } from '../store/active-version';
import { catalogueAt, EMPTY_CATALOGUE } from '../store/dynamodb-catalogue-store';
import { searchIndex } from '../store/search-index';

/** Where a search or a listing of the active version reads (nothing published: an empty catalogue). */
export const searchSourcesAt = (active: ActiveVersion | undefined): SearchSources => ({
  index: (language: Language, needs: IndexNeeds) => searchIndex(active, language, needs),
  store: active === undefined ? EMPTY_CATALOGUE : catalogueAt(active),
});
