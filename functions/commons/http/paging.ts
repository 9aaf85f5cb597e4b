import * as v from 'valibot';

/** docs/decisions/http-requests.md D7: `page` from 1 (at most 10,000), `limit` from 1 to 100, default 20. */
export const MAX_PAGE = 10_000;
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

/** Plain decimal digits only: `0x10`, `1e1` or ` 2` are not page numbers, whatever Number() makes of them. */
export const queryInt = (max: number) =>
  v.pipe(
    v.string(),
    v.maxLength(9),
    v.regex(/^[0-9]{1,9}$/),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(max),
  );

/** The paging parameters every list accepts. */
export const listPagingShape = {
  page: v.optional(queryInt(MAX_PAGE)),
  limit: v.optional(queryInt(MAX_LIMIT)),
};
