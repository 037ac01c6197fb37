import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { SignInPage } from './sign-in-page.tsx';

const tenant = tenantFixture();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The sign-up API answers `signUp()`; the shopper is signed out. */
function serve(signUp: () => Response) {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input) === '/api/auth/sign-up' ? signUp() : json({ user: null }))),
  );
}

/** Opens 'Create an account' on the checkout's sign-in, fills it in and sends it. */
async function createAccount() {
  renderWithApp(<SignInPage search={{ type: 'checkout', redirect: '/cars/a-car/checkout' }} />, { tenant });
  fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignInPage: Create an account and the phone step', () => {
  let me: { user: null | { id: number; email: string; name: string; phone: string | null; role: 'shopper' } };
  let fetch: ReturnType<typeof vi.fn>;
  let resends = 0;
  beforeEach(() => {
    me = { user: null };
    resends = 0;
    fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/auth/me' && (init?.method ?? 'GET') === 'GET') return json(me);
      if (path === '/api/auth/sign-up') {
        const body = JSON.parse(String(init?.body)) as { email: string };
        return json({ status: 'check-email', email: body.email }, 202);
      }
      if (path === '/api/auth/sign-up/resend') {
        resends += 1;
        if (resends > 1) return json({ error: 'We have sent 3 emails to this address in the last hour. Please check your inbox and spam folder, or try again in an hour.', message: 'We have sent 3 emails to this address in the last hour. Please check your inbox and spam folder, or try again in an hour.' }, 429);
        return json({ status: 'check-email', email: 'sam@example.com' }, 202);
      }
      if (path === '/api/auth/me') {
        const body = JSON.parse(String(init?.body)) as { phone: string };
        return json({ user: { ...me.user!, phone: body.phone } });
      }
      return json({ error: 'not found' }, 404);
    });
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('scrollTo', () => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every missing sign-in field by name', async () => {
    renderWithApp(<SignInPage search={{ type: 'watchlist', redirect: '/search/used-cars' }} />, { tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const items = within(await screen.findByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Email: Please enter a valid email address.', 'Password: Please enter your password.']);
  });

  it('lists every missing sign-up field by name and marks the fields invalid', async () => {
    renderWithApp(<SignInPage search={{ type: 'watchlist', redirect: '/search/used-cars' }} />, { tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const errors = await screen.findByRole('alert');
    const items = within(errors)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Name: Please enter your name.',
      'Email: Please enter a valid email address.',
      'Mobile phone: Please enter your mobile phone number to use the watchlist.',
      'Password: Password must be at least 8 characters.',
    ]);
    expect(screen.getByLabelText('Mobile phone').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/sign-up', expect.anything());
  });

  it('rejects a malformed phone with a message naming the field', async () => {
    renderWithApp(<SignInPage search={{}} />, { tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Mobile phone/), { target: { value: 'call me' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Mobile phone: Please enter a valid phone number.', { selector: 'li' })).toBeTruthy();
  });

  it('after creating an account, says to check the email it names, with where the shopper was going; sends it again, then shows the limit', async () => {
    await createAccount();

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('sam@example.com', { selector: 'strong' })).toBeTruthy();
    const sent = fetch.mock.calls.find(([path]) => path === '/api/auth/sign-up');
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ email: 'sam@example.com', redirect: '/cars/a-car/checkout' });

    fireEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
    expect(await screen.findByText('We have sent the email again to sam@example.com.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the email again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We have sent 3 emails to this address in the last hour. Please check your inbox and spam folder, or try again in an hour.');
  });

  it('asks a signed-in user without a phone for one on type=watchlist, then saves it', async () => {
    me = { user: { id: 3, email: 'sam@example.com', name: 'Sam', phone: null, role: 'shopper' } };
    renderWithApp(<SignInPage search={{ type: 'watchlist', redirect: '/search/used-cars' }} />, { tenant });

    expect(await screen.findByRole('heading', { level: 1, name: 'Add your mobile number' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile phone'), { target: { value: '0412 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save mobile number' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ phone: '0412 345 678' }) })));
  });
});

describe('SignInPage: a refused account form reads in the form’s words (spec §8)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a refused field by the form’s label and its message, never the API summary', async () => {
    serve(() => json({ error: 'Invalid body: password: Password is one of the most common passwords.', fields: [{ path: 'password', message: 'Password is one of the most common passwords.' }] }, 400));
    await createAccount();
    const alert = await screen.findByRole('alert');
    // The message already names the field: it is not led by the label again.
    expect(alert.textContent).toBe('Password is one of the most common passwords.');
  });

  it('a server failure or an answer that is not the API’s: the spec’s fallback, no status or path', async () => {
    serve(() => json({ error: 'Internal error' }, 500));
    await createAccount();
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occured');
    cleanup();
    serve(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await createAccount();
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occured');
  });

  // Summaries for programs and the API client's own words: none is for the shopper.
  const notForShoppers: [string, () => Response][] = [
    ['a missing record', () => json({ error: 'No lead 12 on this site' }, 404)],
    ['a cross-site refusal', () => json({ error: 'Cross-site request refused: Origin https://evil.example is not this site' }, 403)],
    ['a wrong content type', () => json({ error: 'Content-Type must be application/json (got none)' }, 415)],
    ['a body over the limit', () => json({ error: 'Request body larger than 1000000 bytes' }, 413)],
    ['a refusal without a summary', () => json({}, 404)],
    ['an answer of an unexpected shape', () => json({ nothing: 'here' }, 200)],
  ];
  for (const [what, answer] of notForShoppers) {
    it(`${what}: the spec’s fallback, never the summary or the client’s words`, async () => {
      serve(answer);
      await createAccount();
      expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occured');
      expect(document.body.textContent).not.toMatch(/\/api\/|HTTP|unexpected answer|Origin|Content-Type|bytes|No lead/);
    });
  }

  it('a refusal written for the shopper: its message, not its summary', async () => {
    serve(() => json({ error: 'for programs', message: 'This email address already has an account. Please sign in.' }, 409));
    await createAccount();
    expect((await screen.findByRole('alert')).textContent).toBe('This email address already has an account. Please sign in.');
  });
});
