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
