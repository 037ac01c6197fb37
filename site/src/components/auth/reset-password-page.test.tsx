import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The reset API answers `status` and `body`; the shopper is signed out. */
function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth/password-reset/confirm'
        ? new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ user: null }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
}

async function choosePassword() {
  renderWithApp(<ResetPasswordPage token="a-token-from-the-email" />, { tenant: tenantFixture() });
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'a long new password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
  return screen.findByRole('alert');
}

describe('choosing a new password: a refusal in words written for the shopper (spec §8)', () => {
  it('an expired link: the words the server wrote for the shopper', async () => {
    const expired = 'This link has expired or has already been used. Please ask for a new one.';
    serve(400, { error: expired, message: expired, fields: [{ path: 'token', message: 'expired or already used' }] });
    expect((await choosePassword()).textContent).toBe(expired);
  });

  it('a summary for programs: the spec’s fallback, never the summary', async () => {
    serve(403, { error: 'Cross-site request refused: Origin https://evil.example is not this site' });
    expect((await choosePassword()).textContent).toBe('An unexpected error occured');
  });
});
