/** Lambda's words for an invocation that ran past the function's timeout. */
export const timedOutMessage = (ms: number) => `Task timed out after ${(ms / 1000).toFixed(2)} seconds`;

/**
 * The promise, or a rejection with `timedOut()` once `ms` have passed (the invocation itself
 * goes on: Lambda would freeze it, the sandbox's process cannot).
 */
export const withTimeout = <T>(
  promise: Promise<T>,
  ms: number,
  timedOut: () => Error = () => new Error(timedOutMessage(ms)),
): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};
