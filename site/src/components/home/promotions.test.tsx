import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
// oxlint-disable-next-line import/no-unassigned-import -- installs jsdom stubs for embla
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { HomePromotions } from './promotions.tsx';

afterEach(cleanup);

const tenant = tenantFixture({
  promotions: [
    {
      id: 'stocktake-sale',
      title: 'Stocktake sale',
      start: '2025-07-01T00:00:00+10:00',
      expiry: '2025-07-25T00:00:00+10:00',
      display: ['used'],
      node: { heading: 'Stocktake Sale', body: 'Every used car reduced.', cta: { label: 'Shop used cars', href: '/search/used-cars' } },
    },
    {
      id: 'eofy',
      title: 'EOFY',
      start: '2025-06-01T00:00:00+10:00',
      expiry: '2025-07-01T00:00:00+10:00',
      node: { heading: 'EOFY Deals' },
    },
  ],
});

describe('HomePromotions', () => {
  it('shows the stocktake sale on 1 July 2025 in Brisbane (still 30 June in UTC) and hides the ended EOFY deal', async () => {
    renderWithApp(<HomePromotions promotions={tenant.promotions} timeZone="Australia/Brisbane" now={new Date('2025-06-30T14:00:00Z')} />, {
      tenant,
    });

    expect(await screen.findByRole('heading', { name: 'Stocktake Sale' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop used cars' }).getAttribute('href')).toBe('/search/used-cars');
    expect(screen.getByText('Used')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'EOFY Deals' })).toBeNull();
  });

  it('shows both offers in a carousel while both windows are open', async () => {
    const both = [
      { ...tenant.promotions[0]!, start: '2025-06-01T00:00:00+10:00' },
      tenant.promotions[1]!,
    ];
    renderWithApp(<HomePromotions promotions={both} timeZone="Australia/Brisbane" now={new Date('2025-06-15T12:00:00+10:00')} />, { tenant });

    expect(await screen.findByRole('region', { name: 'Offer slides' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '1 of 2: Stocktake Sale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
  });

  it('draws a promotion image as the spec §9 promotions slider, 1920 by 540', async () => {
    const withImage = [{ ...tenant.promotions[0]!, node: { ...tenant.promotions[0]!.node, image: '/images/promotions/stocktake.webp' } }];
    renderWithApp(<HomePromotions promotions={withImage} timeZone="Australia/Brisbane" now={new Date('2025-07-02T12:00:00+10:00')} />, { tenant });
    await screen.findByRole('heading', { name: 'Stocktake Sale' });
    const image = document.querySelector('img[src="/images/promotions/stocktake.webp"]');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['1920', '540']);
  });

  it('renders nothing once the stocktake sale has ended (25 July 2025, Brisbane)', async () => {
    const { container } = renderWithApp(
      <div data-testid="host">
        <HomePromotions promotions={tenant.promotions} timeZone="Australia/Brisbane" now={new Date('2025-07-24T14:00:00Z')} />
      </div>,
      { tenant },
    );
    await screen.findByTestId('host');
    expect(container.querySelector('section')).toBeNull();
  });
});
