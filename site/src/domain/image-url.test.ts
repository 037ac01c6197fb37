import { expect, test } from 'vitest';
import { cdnImageUrl, cdnSrcSet, noPhotosText } from './image-url.ts';

test('CDN urls carry width and quality', () => {
  expect(cdnImageUrl('', '/images/cars/1/1.webp', 640, 75)).toBe('/images/cars/1/1.webp?w=640&q=75');
  expect(cdnImageUrl('https://cdn.example', '/a.webp?v=2', 320, 90)).toBe('https://cdn.example/a.webp?v=2&w=320&q=90');
  expect(cdnImageUrl('', null, 640, 75)).toBeNull();
  expect(cdnSrcSet('', '/a.webp', [320, 640], 75)).toBe('/a.webp?w=320&q=75 320w, /a.webp?w=640&q=75 640w');
});

test('a car without photos: coming soon while it is for sale, none once it is sold', () => {
  expect(noPhotosText(true)).toBe('Photos coming soon');
  expect(noPhotosText(false)).toBe('No photos');
});
