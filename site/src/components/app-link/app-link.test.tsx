import { afterEach, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { AppLink } from './app-link.tsx';

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
