import { describe, expect, test } from 'vitest';
import { showThumbnails, thumbnailsScroll, videoSlideIndex, videoSource } from './vehicle-media.ts';

describe('gallery media (spec §5, §9)', () => {
  test('thumbnails only with more than 3 images', () => {
    expect(showThumbnails(3)).toBe(false);
    expect(showThumbnails(4)).toBe(true);
  });
  test('the thumbnail strip scrolls from 5 slides upward; 4 fit in one row', () => {
    expect(thumbnailsScroll(4)).toBe(false);
    expect(thumbnailsScroll(5)).toBe(true);
    expect(thumbnailsScroll(16)).toBe(true);
  });
  test('video slide second by default; start, middle or end', () => {
    expect(videoSlideIndex(10, 'second')).toBe(1);
    expect(videoSlideIndex(0, 'second')).toBe(0);
    expect(videoSlideIndex(10, 'start')).toBe(0);
    expect(videoSlideIndex(10, 'middle')).toBe(5);
    expect(videoSlideIndex(10, 'end')).toBe(10);
  });
  test('video-sharing links embed in a frame; other URLs play in a looping muted player', () => {
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ')).toEqual({ kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(videoSource('https://vimeo.com/123456')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/123456' });
    expect(videoSource('https://cdn.example.com/walk.mp4')).toEqual({ kind: 'file', src: 'https://cdn.example.com/walk.mp4' });
    expect(videoSource('javascript:alert(1)')).toBeNull();
    expect(videoSource(null)).toBeNull();
    expect(videoSource('https://www.youtube.com/embed/')).toBeNull();
  });
});
