import { shopperWordsOfBody } from '../../domain/form-failure.ts';
import type { WatchlistChangeMode, WatchlistChangeVariables } from './watchlist-cache.ts';

/** A watchlist call the server answered with success false (or could not answer); `message` is shown in an alert. */
export class WatchlistChangeError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'WatchlistChangeError';
    this.status = status;
  }
}

/** The alert of a watchlist change the server refused without words for the shopper. */
const WATCHLIST_CHANGE_FAILED = 'Your watchlist could not be updated. Please try again.';

/**
 * POSTs one watchlist change (spec §7: phone_number, car_id) and returns the server's list.
 * The server answers `{ success, message, watchlist }`, also on 401/403/404, so its message is
 * the one shown. Any other refusal shows the words it wrote for the shopper (its `message`), else a
 * readable sentence of ours: never the answer's `error` summary, which is written for programs.
 */
export async function postWatchlistChange(mode: WatchlistChangeMode, { phone_number, car_id }: WatchlistChangeVariables): Promise<number[]> {
  const path = mode === 'save' ? '/api/watchlist/save-car' : '/api/watchlist/remove-car';
  // The answer's schema is imported beside the request: the watchlist button hydrates without zod.
  const answerSchema = import('../../../../schema/api/user.ts').then((module) => module.WatchlistChangeResponseSchema);
  answerSchema.catch(() => {});
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number, car_id }),
    });
  } catch {
    throw new WatchlistChangeError('We could not reach the server. Please check your connection and try again.', 0);
  }
  const body: unknown = await response.json().catch(() => null);
  const schema = await answerSchema.catch(() => {
    throw new WatchlistChangeError('We could not reach the server. Please check your connection and try again.', 0);
  });
  const parsed = schema.safeParse(body);
  if (parsed.success && parsed.data.success && response.ok) return parsed.data.watchlist.map((entry) => entry.id);
  if (parsed.success) throw new WatchlistChangeError(parsed.data.message, response.status);
  throw new WatchlistChangeError(shopperWordsOfBody(body) || WATCHLIST_CHANGE_FAILED, response.status);
}
