import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ApiRequestError } from '../../api/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { RouteError } from './route-error.tsx';

afterEach(cleanup);

describe('RouteError', () => {
  it('shows the words a refusal wrote for the shopper, and otherwise a plain sentence: never an API path, a status or a fault\'s own text', async () => {
    const cases = [
      { error: new ApiRequestError('/api/cars/12', 429, 'Too many requests from you', false, { error: 'Too many requests from you', message: 'Too many requests. Please wait a moment and try again.' }), shown: 'Too many requests. Please wait a moment and try again.' },
      { error: new ApiRequestError('/api/cars/12', 500, '/api/cars/12: HTTP 500', false, { error: 'Internal server error' }), shown: 'Please check your connection and try again.' },
      { error: new TypeError("Cannot read properties of undefined (reading 'price')"), shown: 'Please check your connection and try again.' },
    ];
    for (const { error, shown } of cases) {
      cleanup();
      renderWithApp(<RouteError error={error} reset={vi.fn()} info={{ componentStack: '' }} />, { tenant: tenantFixture(), path: '/cars/12' });
      const alert = await screen.findByRole('alert');
      expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
      expect(screen.getByText(shown)).toBeTruthy();
      expect(alert.textContent).not.toMatch(/\/api\/|HTTP|Cannot read|Internal server error|from you/);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    }
  });
});
