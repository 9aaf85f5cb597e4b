/**
 * Data a reader needs is not there yet and will be shortly, by itself (docs/decisions/catalogue-versions.md D73: a
 * catalogue version older than the reader, while the stage upgrades it). The HTTP functions
 * answer it 503 `service_unavailable` with `Retry-After` (D1), never a 500 and never an answer
 * made from what is missing. `message` is for the client: general, no identifiers; `detail` is
 * for the log only.
 */
export class TemporarilyUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'TemporarilyUnavailable';
  }
}
