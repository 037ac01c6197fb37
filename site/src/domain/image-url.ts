/*
 * Image CDN addresses (spec §7: width and quality parameters; defaults width 640, quality 75).
 */

/**
 * The CDN address of an image at a width: the tenant's CDN base, the image path and
 * `w`/`q` parameters; null without an image.
 */
export function cdnImageUrl(base: string, url: string | null | undefined, width: number, quality: number): string | null {
  if (!url) return null;
  const separator = url.includes('?') ? '&' : '?';
  return `${base}${url}${separator}w=${width}&q=${quality}`;
}

/** A srcset of the image at several widths. */
export function cdnSrcSet(base: string, url: string | null | undefined, widths: readonly number[], quality: number): string | null {
  if (!url) return null;
  return widths.map((w) => `${cdnImageUrl(base, url, w, quality)} ${w}w`).join(', ');
}

/**
 * What stands where a car's photo would be when it has none: a car for sale may still get its
 * photos (a dealer's feed has them downloaded in the background), a sold car will not.
 */
export function noPhotosText(available: boolean): string {
  return available ? 'Photos coming soon' : 'No photos';
}
