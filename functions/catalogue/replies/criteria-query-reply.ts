import { invalidRequest } from '#commons/http/errors';
import type { Reply } from '#commons/http/http-route';
import { parseWith } from '#commons/http/query';
import type { Language } from '#commons/languages';
import { searchCriteria } from '../http-schemas/search-criteria';
import { fromCriteria, searchReply } from './search-reply';

const decodeCriteria = (raw: string) => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw invalidRequest("The query parameter 'searchCriteria' is not valid JSON.");
  }
};

/** GET /products with `searchCriteria`: the object decoded, checked and answered like POST /products/search. */
export const criteriaQueryReply = (raw: string, language: Language): Promise<Reply> =>
  searchReply(fromCriteria(parseWith(searchCriteria, decodeCriteria(raw), 'body')), language);
