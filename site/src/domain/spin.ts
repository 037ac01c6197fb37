/*
 * The spin viewer (spec §4, §9): every frame loads before it turns, a drag of 20 px turns it by
 * one frame (wrapping around), and auto-rotation (100 ms a frame) stops at the first drag.
 */

/** Pixels of drag per frame (spec §5, §9). */
export const SPIN_PX_PER_FRAME = 20;

/**
 * The frame shown after dragging `dx` pixels from `startFrame` (dragging right turns forward),
 * wrapped into 0…frameCount−1.
 */
export function spinFrameAfterDrag(startFrame: number, dx: number, frameCount: number, pxPerFrame = SPIN_PX_PER_FRAME): number {
  if (frameCount <= 0) return 0;
  const steps = Math.trunc(dx / pxPerFrame);
  return (((startFrame + steps) % frameCount) + frameCount) % frameCount;
}

/** The viewer's tabs that have something to show, in the spec's order (Spin, Walkaround, Gallery, Interior). */
export function viewerTabs(input: { spinFrames: number; walkarounds: number; interior: boolean }): ('spin' | 'walkaround' | 'gallery' | 'interior')[] {
  const tabs: ('spin' | 'walkaround' | 'gallery' | 'interior')[] = [];
  if (input.spinFrames > 0) tabs.push('spin');
  if (input.walkarounds > 0) tabs.push('walkaround');
  tabs.push('gallery');
  if (input.interior) tabs.push('interior');
  return tabs;
}

/** A hotspot as the car record gives it (spec §3: id, description, anchors, positions). */
export interface HotspotInput {
  id: string | number;
  description: string;
  positions: readonly { activeAngle: number; posX: number; posY: number }[];
}

/** A hotspot placed on the frame shown: where (percent of the frame's width and height) and what. */
export interface PlacedHotspot {
  id: string;
  description: string;
  /** Percent from the left edge, 0…100. */
  x: number;
  /** Percent from the top edge, 0…100. */
  y: number;
}

/** The angle (degrees) a spin frame shows: frames go round 360° evenly, frame 0 at 0°. */
export function frameAngle(frame: number, frameCount: number): number {
  return frameCount > 0 ? (((frame % frameCount) + frameCount) % frameCount) * (360 / frameCount) : 0;
}

const angleBetween = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
};

/**
 * The hotspots on a spin frame (spec §2 "hotspots on spin frames"): a hotspot shows at the
 * position whose activeAngle is nearest the frame's angle, when that is no more than one frame's
 * turn away (so it stays put over the neighbouring frames instead of flashing on one); posX and
 * posY are percentages of the frame, kept inside it.
 */
export function spinHotspots(hotspots: readonly HotspotInput[], frame: number, frameCount: number): PlacedHotspot[] {
  if (frameCount <= 0) return [];
  const angle = frameAngle(frame, frameCount);
  const reach = 360 / frameCount;
  const placed: PlacedHotspot[] = [];
  for (const hotspot of hotspots) {
    let best: HotspotInput['positions'][number] | undefined;
    for (const position of hotspot.positions) {
      if (angleBetween(position.activeAngle, angle) > reach + 1e-9) continue;
      if (!best || angleBetween(position.activeAngle, angle) < angleBetween(best.activeAngle, angle)) best = position;
    }
    if (best) placed.push({ id: String(hotspot.id), description: hotspot.description, x: clampPercent(best.posX), y: clampPercent(best.posY) });
  }
  return placed;
}

/**
 * The hotspots of a still view (the interior panorama): each at its position for angle 0, or its
 * first position.
 */
export function stillHotspots(hotspots: readonly HotspotInput[]): PlacedHotspot[] {
  return hotspots.flatMap((hotspot) => {
    const position = hotspot.positions.find((p) => p.activeAngle === 0) ?? hotspot.positions[0];
    return position ? [{ id: String(hotspot.id), description: hotspot.description, x: clampPercent(position.posX), y: clampPercent(position.posY) }] : [];
  });
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}
