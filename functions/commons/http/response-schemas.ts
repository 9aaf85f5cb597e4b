import * as z from 'zod/mini';

/** docs/design.md D1: every error body. `code` is snake_case; `message` a general sentence. */
export const errorResponse = z.object({
  code: z.string().check(z.regex(/^[a-z][a-z0-9_]*$/)),
  message: z.string(),
});

/** A price (`value` in `currency`, ISO 4217). */
export const moneyResponse = z.object({ value: z.number(), currency: z.string().check(z.length(3)) });

/** The spec's `YYYY-MM-DD HH:MM:SS` (UTC). */
export const spaceDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
