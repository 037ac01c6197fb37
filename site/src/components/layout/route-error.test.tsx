import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ApiRequestError } from '../../api/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { CODE_MISSING_TEXT, NEW_RELEASE_TEXT, RouteError } from './route-error.tsx';

afterEach(cleanup);

describe('RouteError', () => {
  it('shows the words a refusal wrote for the shopper, and otherwise a plain sentence: never an API path, a status or a fault\'s own text', async () => {
    const cases = [
      { error: new ApiRequestError('/api/cars/12', 429, 'Too many requests from you', false, { error: 'Too many requests from you', message: 'Too many requests. Please wait a moment and try again.' }), shown: 'Too many requests. Please wait a moment and try again.' },
      { error: new ApiRequestError('/api/cars/12', 500, '/api/cars/12: HTTP 500', false, { error: 'Internal server error' }), shown: 'Please check your connection and try again.' },
      // The platform's database could not serve the car just now: the shopper's connection is not the cause.
      { error: new ApiRequestError('/api/cars/12', 503, '/api/cars/12: HTTP 503', false, { error: 'We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.' }), shown: 'The problem is on our side, not your connection. Please try again in a minute.' },
      // The same, as the browser's first render of the server's 503 page receives it (the message only).
      { error: new Error('We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.'), shown: 'The problem is on our side, not your connection. Please try again in a minute.' },
      { error: new TypeError("Cannot read properties of undefined (reading 'price')"), shown: 'Please check your connection and try again.' },
    ];
    for (const { error, shown } of cases) {
      cleanup();
      renderWithApp(<RouteError error={error} reset={vi.fn()} info={{ componentStack: '' }} />, { tenant: tenantFixture(), path: '/cars/12' });
      const alert = await screen.findByRole('alert');
      expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
      expect(screen.getByText(shown)).toBeTruthy();
      expect(alert.textContent).not.toMatch(/\/api\/|HTTP|Cannot read|Internal server error|from you|could not save/);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    }
  });

  it("the page's code that did not arrive while online: says (as a status, not an error) that the latest version is loading, and once the page was loaded afresh for it, that the code is missing, not the connection", async () => {
    const codeLost = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/contact-us-DI4Oh5JV.js');
    const render = () => {
      cleanup();
      renderWithApp(<RouteError error={codeLost} reset={vi.fn()} info={{ componentStack: '' }} />, { tenant: tenantFixture(), path: '/contact-us' });
    };
    // The error asks the server for the page before loading it afresh: that question is held unanswered here.
    const askServer = vi.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    try {
      // About to be loaded afresh: a status that it is loading, not an error, and the ways on stay.
      render();
      const status = await screen.findByRole('status');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading the latest version of this page…');
      expect(status.textContent).not.toMatch(/Something went wrong|could not be loaded/);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      expect(askServer).toHaveBeenCalledWith(window.location.href, expect.objectContaining({ method: 'HEAD' }));
      // What the page notes in the tab's storage as it is loaded afresh for its code (load-recovery.ts).
      sessionStorage.setItem('forecourt:reloaded-for-code', JSON.stringify({ href: window.location.href, at: Date.now() }));
      render();
      expect((await screen.findByRole('alert')).querySelector('p:not(:first-child)')?.textContent).toBe('Part of this page is missing from the site just now. Please try again in a few minutes.');
      expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
      expect([NEW_RELEASE_TEXT, CODE_MISSING_TEXT]).not.toContain('Please check your connection and try again.');
    } finally {
      cleanup();
      askServer.mockRestore();
      sessionStorage.removeItem('forecourt:reloaded-for-code');
    }
  });
});
