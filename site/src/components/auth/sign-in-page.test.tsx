import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { SignInPage } from './sign-in-page.tsx';

const tenant = tenantFixture();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('SignInPage: Create an account and the phone step', () => {
  let me: { user: null | { id: number; email: string; name: string; phone: string | null; role: 'shopper' } };
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    me = { user: null };
    fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/auth/me' && (init?.method ?? 'GET') === 'GET') return json(me);
      if (path === '/api/auth/sign-up') {
        const body = JSON.parse(String(init?.body)) as { email: string; name: string; phone?: string };
        if (body.email === 'taken@example.com') return json({ error: 'An account with this email already exists. Please sign in.' }, 409);
        return json({ user: { id: 1, email: body.email, name: body.name, phone: body.phone ?? null, role: 'shopper' } }, 201);
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

  it('shows the server message when the email is taken', async () => {
    renderWithApp(<SignInPage search={{}} />, { tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'taken@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('An account with this email already exists. Please sign in.')).toBeTruthy();
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
