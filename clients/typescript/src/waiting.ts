/** Waits `ms`, or rejects with the signal's reason when it is aborted first. */
export const pause = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });

/** A helper gave up waiting for the API (a batch not completed, a report not made, within the time given). */
export class WaitTimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`${what} within ${Math.round(timeoutMs / 1000)} s.`);
    this.name = 'WaitTimeoutError';
  }
}
