import { describe, expect, it } from 'vitest';
import { mayHaveSession } from './session-hint.ts';

describe('mayHaveSession', () => {
  it('is true only when the hint cookie is exactly 1', () => {
    expect(mayHaveSession('a=1; fc_signed_in=1; b=2')).toBe(true);
    expect(mayHaveSession('fc_signed_in=1')).toBe(true);
    expect(mayHaveSession('fc_signed_in=')).toBe(false);
    expect(mayHaveSession('xfc_signed_in=1')).toBe(false);
    expect(mayHaveSession('')).toBe(false);
  });
});
