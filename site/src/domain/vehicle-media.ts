/*
 * The vehicle gallery's media rules (spec §5, §9): thumbnails only with more than 3 images, the
 * strip scrolling from 5 slides upward; the
 * video slide at the configured position (second by default; start, middle or end); a
 * video-sharing embed URL plays in a frame, any other URL in a looping muted player.
 */

/** Thumbnails show only with more than this many images (spec §9). */
export const THUMBNAILS_MIN_EXCLUSIVE = 3;

/** Whether the thumbnail strip shows. */
export function showThumbnails(imageCount: number): boolean {
  return imageCount > THUMBNAILS_MIN_EXCLUSIVE;
}

/** The thumbnail strip scrolls from this many slides upward (spec §9 "slides scroll from 5 upward"). */
export const THUMBNAILS_SCROLL_FROM = 5;

/**
 * Whether the thumbnail strip scrolls (following the photo shown) rather than fitting every
 * thumbnail in one row: from 5 slides upward.
 */
export function thumbnailsScroll(slideCount: number): boolean {
  return slideCount >= THUMBNAILS_SCROLL_FROM;
}

/** Where the video slide goes among `imageCount` images (0-based slide index). */
export function videoSlideIndex(imageCount: number, position: 'start' | 'second' | 'middle' | 'end'): number {
  if (position === 'start') return 0;
  if (position === 'end') return imageCount;
  if (position === 'middle') return Math.floor(imageCount / 2);
  return Math.min(1, imageCount);
}

/** How a video URL plays: an embed frame (video-sharing sites) or a looping muted player. */
export type VideoSource = { kind: 'embed'; src: string } | { kind: 'file'; src: string };

/**
 * How a video plays (spec §5): YouTube and Vimeo links become their embed URLs in a frame;
 * any other http(s) URL plays in a looping muted player. Anything else is not played (null).
 */
export function videoSource(url: string | null | undefined): VideoSource | null {
  const value = url?.trim();
  if (!value || !/^https?:\/\//i.test(value)) return value?.startsWith('/') ? { kind: 'file', src: value } : null;
  const youtube = /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/i.exec(value);
  if (youtube) return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtube[1]}` };
  const vimeo = /^https?:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)/i.exec(value);
  if (vimeo) return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeo[1]}` };
  // A video-sharing address without a video id is no video at all.
  if (/^https?:\/\/([\w-]+\.)*(youtube\.com|youtu\.be|vimeo\.com)(\/|$)/i.test(value)) return null;
  return { kind: 'file', src: value };
}
