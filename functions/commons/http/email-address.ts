import * as v from 'valibot';

/**
 * An e-mail address as the API has always taken it (docs/decisions/tokens-and-rights.md D11; docs/decisions/stages-and-deploys.md D50), a pattern of our
 * own since valibot's `email()` refuses some of what it accepts, such as an apostrophe
 * (`o'brien@example.com`) or a hyphen ending a domain label (D37).
 */
export const EMAIL_ADDRESS =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The checks of an e-mail address in a string's pipe; `format` is what JSON Schema calls it. */
export const emailAddress = (message?: string) =>
  [
    v.metadata<string, { readonly format: 'email' }>({ format: 'email' }),
    v.regex<string, string | undefined>(EMAIL_ADDRESS, message),
  ] as const;
