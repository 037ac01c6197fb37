import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { PromotionCard, type PromotionCardData } from './promotion-card.tsx';

afterEach(cleanup);

const tenant = tenantFixture({});

const labels = { new: 'New', demo: 'Demo', used: 'Used' };

const stocktake: PromotionCardData = {
  id: 'stocktake-sale-2025',
  display: ['new', 'used'],
  node: {
    heading: 'Stocktake Sale',
    body: 'Every car must go before stocktake.',
    image: '/images/promotions/stocktake.webp',
    cta: { label: 'Shop the sale', href: '/special-offers' },
  },
};

describe('PromotionCard', () => {
  it('is an article named by its heading, with its text, car types and call to action', async () => {
    renderWithApp(<PromotionCard promotion={stocktake} carTypeLabels={labels} eager={false} />, { tenant });

    const card = await screen.findByRole('article', { name: 'Stocktake Sale' });
    expect(card.textContent).toContain('Every car must go before stocktake.');
    expect(card.textContent).toContain('New · Used');
    expect(screen.getByRole('link', { name: 'Shop the sale' }).getAttribute('href')).toBe('/special-offers');
  });

  it('gives its image a size (no layout shift), no alternative text of its own, and lazy loading below the fold', async () => {
    const { container } = renderWithApp(<PromotionCard promotion={stocktake} carTypeLabels={labels} eager={false} />, { tenant });
    await screen.findByRole('article', { name: 'Stocktake Sale' });

    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/images/promotions/stocktake.webp');
    expect(image?.getAttribute('width')).toBe('640');
    expect(image?.getAttribute('height')).toBe('360');
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.getAttribute('loading')).toBe('lazy');
  });

  it('shows only the heading when the promotion has no body, image or call to action', async () => {
    const { container } = renderWithApp(
      <PromotionCard promotion={{ id: 'plain', display: ['demo'], node: { heading: 'Demo Days' } }} carTypeLabels={labels} eager />,
      { tenant },
    );

    expect(await screen.findByRole('heading', { name: 'Demo Days' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
