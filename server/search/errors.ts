/**
 * A problem with the caller's request, answered as Algolia does: `{ message, status }` with a 4xx
 * status. Anything else thrown inside the engine is a bug and becomes a 500 at the HTTP edge.
 */
export class SearchError extends Error {
  readonly status: number;

  constructor(message: string, status = 400) {
    super(message);
    this.name = 'SearchError';
    this.status = status;
  }
}
