import { analyticsTags, type AnalyticsIds } from '../domain/consent.ts';

/*
 * Loads a site's analytics tags: Google Tag Manager, GA4 and the Meta pixel, from the hosts the
 * page's Content-Security-Policy allows for this site. Imported only once the shopper has agreed
 * (lib/analytics.ts applyConsent), so none of this is in the page's first scripts. Each script
 * carries the page's nonce; a script that fails to load is a console warning (spec §8).
 */

type TagWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: MetaPixel;
  _fbq?: MetaPixel;
};

/** The Meta pixel's command queue, as Meta's snippet defines it before its script arrives. */
type MetaPixel = ((...args: unknown[]) => void) & {
  queue: unknown[][];
  loaded: boolean;
  version: string;
  push: MetaPixel;
  callMethod?: (...args: unknown[]) => void;
};

/** The CSP nonce of this page (scripts added later must carry it), or '' where there is none. */
function pageNonce(doc: Document): string {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function addScript(doc: Document, src: string, nonce: string) {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  if (nonce) script.nonce = nonce;
  script.addEventListener('error', () => console.warn('Analytics tag failed to load', src));
  doc.head.append(script);
}

function metaPixelQueue(win: TagWindow): MetaPixel {
  if (win.fbq) return win.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as MetaPixel;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  win.fbq = fbq;
  // Meta's script looks for its queue under this name too.
  // oxlint-disable-next-line no-underscore-dangle
  win._fbq = fbq;
  return fbq;
}

/**
 * Starts each tag the site has and adds its script.
 * @param ids the tenant's analytics ids
 */
export function loadAnalyticsTags(ids: AnalyticsIds, doc: Document = document, win: TagWindow = window as TagWindow) {
  const nonce = pageNonce(doc);
  win.dataLayer = win.dataLayer ?? [];
  for (const { provider, src } of analyticsTags(ids).scripts) {
    if (provider === 'tag-manager') {
      win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    } else if (provider === 'google-analytics' && ids.googleAnalyticsId) {
      win.gtag?.('js', new Date());
      win.gtag?.('config', ids.googleAnalyticsId);
    } else if (provider === 'meta-pixel' && ids.facebookPixelId) {
      const fbq = metaPixelQueue(win);
      fbq('consent', 'grant');
      fbq('init', ids.facebookPixelId);
      fbq('track', 'PageView');
    }
    addScript(doc, src, nonce);
  }
}
