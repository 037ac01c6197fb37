import { onCLS, onINP, onLCP } from 'web-vitals';

/*
 * Real-user Core Web Vitals of this page (largest contentful paint, interaction to next paint,
 * cumulative layout shift), measured by Google's web-vitals library. Imported only after the
 * shopper agrees to analytics, so it costs a page nothing before; the library reads the paint and
 * layout-shift entries the browser buffered from the start, so a late start still measures the
 * whole page. Each is reported once it is final (when the page is hidden or left).
 */

/** One Core Web Vitals measurement (the web-vitals library's metric). */
export interface WebVital {
  name: string;
  value: number;
  delta: number;
  id: string;
  rating: string;
}

/**
 * Reports LCP, INP and CLS to `send`.
 * @param send receives each final measurement
 */
export function reportWebVitals(send: (metric: WebVital) => void) {
  onLCP(send);
  onINP(send);
  onCLS(send);
}
