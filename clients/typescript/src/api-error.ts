import type { components } from './commerce-api-types.ts';

/** The body of every error the API answers: a stable snake_case `code` to branch on, a `message` for people. */
export type ApiErrorBody = components['schemas']['Error'];

/** A call that did not succeed, as the helpers throw it: the HTTP status and the API's `{code, message}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Seconds the API asks to wait before trying again (429, 503), when it says. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: ApiErrorBody, retryAfter?: number) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.retryAfter = retryAfter;
  }
}

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiErrorBody).code === 'string' &&
  typeof (value as ApiErrorBody).message === 'string';

/** `Retry-After` in whole seconds, when the answer has one. */
export const retryAfterSeconds = (response: Response): number | undefined => {
  const value = response.headers.get('retry-after');
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
};

/** The error of an answer: its `{code, message}`, or one made up from the status when the body is not the API's. */
export const apiErrorOf = (error: unknown, response: Response): ApiError =>
  new ApiError(
    response.status,
    isErrorBody(error)
      ? error
      : { code: 'unexpected_answer', message: `The API answered ${response.status}.` },
    retryAfterSeconds(response),
  );

/**
 * The data of a call, or its error thrown as an ApiError:
 * `const me = unwrap(await client.GET('/@me'))`.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) throw apiErrorOf(result.error, result.response);
  return result.data as T;
}
