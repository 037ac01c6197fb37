import { describe, expect, it } from 'vitest';
import { COPY_TOAST_MS, SHARE_COPIED_MS, SHARE_COPIED_TEXT, shareWindowFeatures } from './sharing.ts';

describe('sharing (spec §9: share window 550 by 400, Share Copied 1.5 s, copy toast 3 s)', () => {
  it('opens a 550 by 400 popup', () => {
    expect(shareWindowFeatures()).toBe('popup,width=550,height=400');
  });
  it('centres the popup on the shopper window', () => {
    expect(shareWindowFeatures({ left: 100, top: 50, width: 1280, height: 800 })).toBe('popup,width=550,height=400,left=465,top=250');
    expect(shareWindowFeatures({ left: 0, top: 0, width: 300, height: 200 })).toBe('popup,width=550,height=400,left=0,top=0');
  });
  it('keeps the spec timings and words', () => {
    expect(SHARE_COPIED_MS).toBe(1500);
    expect(COPY_TOAST_MS).toBe(3000);
    expect(SHARE_COPIED_TEXT).toBe('Share Copied');
  });
});
