import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { AppLink } from './app-link.tsx';
import { CardLink } from './card-link.tsx';

afterEach(cleanup);

it('writes numeric and boolean parameters without JSON quotes (search cards: car_id=516)', async () => {
  renderWithApp(
    <>
      <AppLink href="/book-test-drive/?car_id=516&type=used">Book</AppLink>
      <AppLink href="/finance?vehiclePriceBudget=30000&vin=ABC123&certified=true#finance-form">Finance</AppLink>
    </>,
    { tenant: tenantFixture() },
  );
  expect((await screen.findByRole('link', { name: 'Book' })).getAttribute('href')).toBe('/book-test-drive/?car_id=516&type=used');
  expect(screen.getByRole('link', { name: 'Finance' }).getAttribute('href')).toBe('/finance?vehiclePriceBudget=30000&vin=ABC123&certified=true#finance-form');
});

it('renders nothing for a path that is not a page of the tenant, and links the ones that are', async () => {
  renderWithApp(
    <>
      <AppLink href="/contact-us">Contact</AppLink>
      <AppLink href="/news">News</AppLink>
      <AppLink href="https://www.example.com/">Elsewhere</AppLink>
      <AppLink href="tel:0299999999">Call</AppLink>
    </>,
    { tenant: tenantFixture(), pages: ['/', '/contact-us'] },
  );
  expect((await screen.findByRole('link', { name: 'Contact' })).getAttribute('href')).toBe('/contact-us');
  expect(screen.queryByText('News')).toBeNull();
  expect(screen.getByRole('link', { name: 'Elsewhere' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Call' })).toBeTruthy();
});

describe('CardLink: the light link of result cards', () => {
  it('writes the href as given, navigates in the app on a plain click and leaves modified clicks to the browser', async () => {
    const { router } = renderWithApp(
      <>
        <CardLink href="/book-test-drive/?car_id=516&type=used">Book</CardLink>
        <CardLink href="/finance?vehiclePriceBudget=30000&certified=true#finance-form">Finance</CardLink>
      </>,
      { tenant: tenantFixture() },
    );
    const book = await screen.findByRole('link', { name: 'Book' });
    expect(book.getAttribute('href')).toBe('/book-test-drive/?car_id=516&type=used');
    expect(screen.getByRole('link', { name: 'Finance' }).getAttribute('href')).toBe('/finance?vehiclePriceBudget=30000&certified=true#finance-form');

    // A new-tab click is the browser's: not prevented, no navigation in the app.
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    book.dispatchEvent(modified);
    expect(modified.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(screen.getByRole('link', { name: 'Finance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/finance'));
    // The router reads the query as AppLink hands it over: numbers and booleans as values.
    expect(router.state.location.search).toEqual({ vehiclePriceBudget: 30000, certified: true });
    expect(router.state.location.hash).toBe('finance-form');
  });

  it('preloads the page on hover after the router’s delay, not when the pointer only passes over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = renderWithApp(<CardLink href="/cars/2022-kia-seltos-sport-rrk1">Seltos</CardLink>, { tenant: tenantFixture() });
      router.options.defaultPreload = 'intent';
      const preloads: unknown[] = [];
      router.preloadRoute = ((options: unknown) => {
        preloads.push(options);
        return Promise.resolve(undefined);
      }) as typeof router.preloadRoute;
      const link = await screen.findByRole('link', { name: 'Seltos' });
      fireEvent.mouseEnter(link);
      fireEvent.mouseLeave(link);
      vi.advanceTimersByTime(500);
      expect(preloads).toEqual([]);
      fireEvent.mouseEnter(link);
      vi.advanceTimersByTime(500);
      expect(preloads).toEqual([{ href: '/cars/2022-kia-seltos-sport-rrk1' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders nothing for a path that is not a page of the tenant', async () => {
    renderWithApp(
      <>
        <CardLink href="/contact-us">Contact</CardLink>
        <CardLink href="/news">News</CardLink>
      </>,
      { tenant: tenantFixture(), pages: ['/', '/contact-us'] },
    );
    expect(await screen.findByRole('link', { name: 'Contact' })).toBeTruthy();
    expect(screen.queryByText('News')).toBeNull();
  });
});
