import { notFound } from '@tanstack/react-router';

/*
 * A record that existed and has gone for good (a car sold beyond the sold window) answers
 * HTTP 410 Gone instead of 404: search engines drop its URL at once, and the page says what
 * happened. The route throws `gone(data)` — a not-found carrying `{ gone: true }` — and renders
 * its own page for it; the server entry turns the render's 404 into 410.
 */

/** The data a gone not-found carries. */
export interface GoneData<T> {
  gone: true;
  record: T;
}

/** A not-found for a record that has gone for good (rendered by the route's notFoundComponent, answered 410). */
export function gone<T>(record: T) {
  return notFound({ data: { gone: true, record } satisfies GoneData<T> });
}

/** The gone data of a not-found, or null when it is an ordinary unknown path or record. */
export function goneData<T>(data: unknown): GoneData<T> | null {
  return data !== null && typeof data === 'object' && (data as { gone?: unknown }).gone === true ? (data as GoneData<T>) : null;
}

/** Whether a render's matches ended on a gone page (the server answers it 410). */
export function rendersGone(matches: readonly { status: string; error?: unknown; _notFound?: boolean }[]): boolean {
  return matches.some(
    // oxlint-disable-next-line no-underscore-dangle -- the router marks a not-found boundary at the root with _notFound
    (match) => (match.status === 'notFound' || match._notFound === true) && goneData((match.error as { data?: unknown } | undefined)?.data) !== null,
  );
}
