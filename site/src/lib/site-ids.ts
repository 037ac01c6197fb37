/*
 * This site's platform ids (GET /api/site): its website_id and its dealerships' ids, which the
 * spec §7 calls carry (phone-reveal lead tracking, view.json). Asked once per page, on first use;
 * a failed ask is asked again next time.
 */

/** The site's id (website_id) and its dealerships' ids by slug. */
export interface SiteIds {
  id: number;
  dealerships: { id: number; slug: string }[];
}

let site: Promise<SiteIds> | null = null;

/** This site's ids; rejects when the platform cannot say (the next call asks again). */
export function siteIds(): Promise<SiteIds> {
  site ??= fetch('/api/site', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/site answered ${response.status}`);
      const body = (await response.json()) as Partial<SiteIds>;
      if (typeof body.id !== 'number' || !Array.isArray(body.dealerships)) throw new Error('GET /api/site: unexpected answer');
      return { id: body.id, dealerships: body.dealerships };
    })
    .catch((error: unknown) => {
      site = null;
      throw error;
    });
  return site;
}
