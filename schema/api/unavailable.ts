/*
 * A request the platform cannot serve for the moment (its database out of reach, or being reopened
 * after a storage fault) is answered 503 with this Retry-After: by the API, and by a page whose
 * data it could not load, so browsers, the lead outbox and search engines come back, and search
 * engines keep the page rather than drop it.
 */

/** Seconds a 503 for a database that cannot serve just now asks the client to wait (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/**
 * The API's answer (`error`) when its database cannot serve the request just now. A shopper's
 * submission reads it (their browser keeps the submission to resend); a page that failed on it
 * knows by it that the problem is ours (site/src/api/unavailable.ts).
 */
export const UNAVAILABLE_MESSAGE = 'We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.';
