import { describe, expect, test } from 'vitest';
import { spinFrameAfterDrag, viewerTabs } from './spin.ts';

describe('spin viewer (spec §9)', () => {
  test('20 px of drag per frame, both ways, wrapping around', () => {
    expect(spinFrameAfterDrag(0, 19, 36)).toBe(0);
    expect(spinFrameAfterDrag(0, 20, 36)).toBe(1);
    expect(spinFrameAfterDrag(0, 200, 36)).toBe(10);
    expect(spinFrameAfterDrag(35, 20, 36)).toBe(0);
    expect(spinFrameAfterDrag(0, -20, 36)).toBe(35);
    expect(spinFrameAfterDrag(5, -740, 36)).toBe(4);
  });
  test('tabs only for views the car has; the gallery always', () => {
    expect(viewerTabs({ spinFrames: 36, walkarounds: 0, interior: true })).toEqual(['spin', 'gallery', 'interior']);
    expect(viewerTabs({ spinFrames: 0, walkarounds: 0, interior: false })).toEqual(['gallery']);
  });
});
