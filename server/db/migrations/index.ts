import type { Migration } from 'kysely';
import * as m001 from './001-initial.ts';
import * as m002 from './002-trust.ts';
import * as m003 from './003-orders.ts';
import * as m004 from './004-dealer-html.ts';
import * as m005 from './005-offer-campaign.ts';
import * as m006 from './006-lead-delivery.ts';
import * as m007 from './007-stock-feed.ts';
import * as m008 from './008-trust-two.ts';
import * as m009 from './009-spins.ts';
import * as m010 from './010-rate-limits.ts';
import * as m011 from './011-account-emails.ts';
import * as m012 from './012-spins-by-account.ts';
import * as m013 from './013-payments.ts';
import * as m014 from './014-server-secrets.ts';
import * as m015 from './015-provisional-holds.ts';
import * as m016 from './016-holds-by-email.ts';
import * as m017 from './017-credit-checks.ts';
import * as m018 from './018-cars-room-to-update.ts';
import * as m019 from './019-cars-by-stock-number.ts';
import * as m020 from './020-stock-feed-reports.ts';
import * as m021 from './021-feed-refusal-emails.ts';
import * as m022 from './022-quiet-feed-emails.ts';
import * as m023 from './023-marketplace-feed-versions.ts';

/** Every migration in order; add new files here (names sort by their NNN prefix). */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-trust': m002,
  '003-orders': m003,
  '004-dealer-html': m004,
  '005-offer-campaign': m005,
  '006-lead-delivery': m006,
  '007-stock-feed': m007,
  '008-trust-two': m008,
  '009-spins': m009,
  '010-rate-limits': m010,
  '011-account-emails': m011,
  '012-spins-by-account': m012,
  '013-payments': m013,
  '014-server-secrets': m014,
  '015-provisional-holds': m015,
  '016-holds-by-email': m016,
  '017-credit-checks': m017,
  '018-cars-room-to-update': m018,
  '019-cars-by-stock-number': m019,
  '020-stock-feed-reports': m020,
  '021-feed-refusal-emails': m021,
  '022-quiet-feed-emails': m022,
  '023-marketplace-feed-versions': m023,
};
