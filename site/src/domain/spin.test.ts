import { describe, expect, test } from 'vitest';
import { frameAngle, spinFrameAfterDrag, spinHotspots, stillHotspots, viewerTabs } from './spin.ts';

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

describe('spinHotspots (hotspots on spin frames)', () => {
  const hotspots = [
    { id: 'ext-1', description: 'Alloy wheels', positions: [0, 90, 180, 270].map((activeAngle, i) => ({ activeAngle, posX: 20 + i, posY: 60 })) },
    { id: 'ext-2', description: 'Roof rails', positions: [{ activeAngle: 90, posX: 50, posY: 30 }] },
  ];

  test('reads a frame as its angle: 36 frames are 10° apart', () => {
    expect(frameAngle(0, 36)).toBe(0);
    expect(frameAngle(9, 36)).toBe(90);
    expect(frameAngle(35, 36)).toBe(350);
    expect(frameAngle(-1, 36)).toBe(350);
  });

  test('shows a hotspot at its position for the frame at that angle', () => {
    expect(spinHotspots(hotspots, 9, 36)).toEqual([
      { id: 'ext-1', description: 'Alloy wheels', x: 21, y: 60 },
      { id: 'ext-2', description: 'Roof rails', x: 50, y: 30 },
    ]);
    expect(spinHotspots(hotspots, 18, 36)).toEqual([{ id: 'ext-1', description: 'Alloy wheels', x: 22, y: 60 }]);
  });

  test('keeps it over the neighbouring frames, one frame either side, wrapping past 0°', () => {
    expect(spinHotspots(hotspots, 8, 36).map((h) => h.id)).toEqual(['ext-1', 'ext-2']);
    expect(spinHotspots(hotspots, 10, 36).map((h) => h.id)).toEqual(['ext-1', 'ext-2']);
    expect(spinHotspots(hotspots, 11, 36)).toEqual([]);
    expect(spinHotspots(hotspots, 35, 36)).toEqual([{ id: 'ext-1', description: 'Alloy wheels', x: 20, y: 60 }]);
    expect(spinHotspots(hotspots, 2, 36)).toEqual([]);
  });

  test('follows the frame count: with 8 frames (45° apart) a position reaches 45° either side', () => {
    expect(spinHotspots(hotspots, 1, 8).map((h) => [h.id, h.x])).toEqual([
      ['ext-1', 20],
      ['ext-2', 50],
    ]);
  });

  test('keeps positions inside the frame and shows nothing without frames', () => {
    expect(spinHotspots([{ id: 1, description: 'x', positions: [{ activeAngle: 0, posX: 120, posY: -5 }] }], 0, 36)).toEqual([{ id: '1', description: 'x', x: 100, y: 0 }]);
    expect(spinHotspots(hotspots, 0, 0)).toEqual([]);
  });
});

describe('stillHotspots', () => {
  test('places each hotspot of a still view at its angle-0 position, else its first', () => {
    expect(
      stillHotspots([
        { id: 'int-1', description: 'Leather-appointed seats', positions: [{ activeAngle: 90, posX: 10, posY: 10 }, { activeAngle: 0, posX: 40, posY: 55 }] },
        { id: 'int-2', description: 'Dual-zone climate control', positions: [{ activeAngle: 180, posX: 70, posY: 35 }] },
        { id: 'int-3', description: 'No position', positions: [] },
      ]),
    ).toEqual([
      { id: 'int-1', description: 'Leather-appointed seats', x: 40, y: 55 },
      { id: 'int-2', description: 'Dual-zone climate control', x: 70, y: 35 },
    ]);
  });
});
