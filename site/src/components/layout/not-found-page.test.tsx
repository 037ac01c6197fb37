import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { NotFoundPage } from './not-found-page.tsx';

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('states the error, and links home and to the stock search', async () => {
    renderWithApp(<NotFoundPage />, { tenant: tenantFixture(), path: '/no-such-page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Search our stock' }).getAttribute('href')).toBe('/search/new-used-and-demo-cars/');
  });
});
