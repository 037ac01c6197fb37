import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BrandLogo } from './brand-logo.tsx';

afterEach(cleanup);

describe('BrandLogo', () => {
  it('shows the logo as a decorative picture in a fixed 2:1 box (the name is written beside it)', () => {
    const { container } = render(<BrandLogo logo="/images/brands/kia.svg" name="Kia" width={160} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/images/brands/kia.svg');
    expect(img?.getAttribute('alt')).toBe('');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['160', '80']);
  });

  it('shows the image-not-found placeholder for a brand without a logo (spec §8)', () => {
    const { container } = render(<BrandLogo logo={null} name="Crusader" width={160} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Crusader logo not found' }).textContent).toBe('Image not found');
  });
});
