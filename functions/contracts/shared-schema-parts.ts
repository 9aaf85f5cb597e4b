/**
 * The schema pieces lib/stage-file.ts builds a stage file's schema from, so a stage's e-mail
 * addresses are checked as the API checks them and its objects refuse unknown keys as requests do.
 */
export { emailAddress } from '#commons/http/email-address';
export { strictObject } from '#commons/http/strict-object';
