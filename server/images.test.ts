import { describe, expect, it } from 'vitest';
import { sceneSvg } from './images.ts';

describe('sceneSvg', () => {
  it('draws a caravan photographed inside as a cabin, not a car dashboard', () => {
    const car = sceneSvg({ kind: 'car', colour: '#1f4e8c', angle: 'dashboard', title: 'Car' });
    const van = sceneSvg({ kind: 'caravan', colour: '#1f4e8c', angle: 'kitchen', title: 'Van', subtitle: 'kitchen' });
    const outside = sceneSvg({ kind: 'caravan', colour: '#1f4e8c', angle: 'side', title: 'Van' });
    // The dashboard's steering wheel ring (stroke-width 42) belongs to cars only.
    expect(car).toContain('stroke-width="42"');
    expect(van).not.toContain('stroke-width="42"');
    expect(van).toContain('#cfe3f2');
    expect(outside).not.toContain('#cfe3f2');
  });
});
