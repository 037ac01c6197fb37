/*
 * Sharing a car page (spec §4 and §9): the social networks' share pages open in a 550 by 400
 * window; copying the link says 'Share Copied' beside the button for 1.5 s and shows the
 * 'Copied {car name} to your clipboard' toast for 3 s.
 */

/** The share window's size in CSS pixels (spec §9: 550 by 400). */
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

/** How long 'Share Copied' stays beside the copy button (spec §9: 1.5 s). */
export const SHARE_COPIED_MS = 1500;

/** How long the copy toast stays (spec §4 and §9: 3 s). */
export const COPY_TOAST_MS = 3000;

/** The words shown beside the copy button once the link is copied (spec §4). */
export const SHARE_COPIED_TEXT = 'Share Copied';

/**
 * The `window.open` features of the share window: a popup of the spec's size, centred on the
 * shopper's window when its position is known.
 * @param screenBox the shopper's window (screenX/screenY/outerWidth/outerHeight), when known
 */
export function shareWindowFeatures(screenBox?: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = SHARE_WINDOW;
  const parts = ['popup', `width=${width}`, `height=${height}`];
  if (screenBox) {
    parts.push(`left=${Math.max(0, Math.round(screenBox.left + (screenBox.width - width) / 2))}`);
    parts.push(`top=${Math.max(0, Math.round(screenBox.top + (screenBox.height - height) / 2))}`);
  }
  return parts.join(',');
}
