import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { RadioGroupField, SubmitButton, TextField } from './fields.tsx';
import { LeadForm, prefillRemembered, type LeadFormConfig } from './lead-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Spec §8 "Enquiry/form submission failure".
const SPEC_ALERT = 'An error occurred when submitting this form';

/** The server answers every send with `status` and `body`. */
function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

/** A form whose fields the server may refuse; its own checks pass, so only the server refuses. */
function renderForm(config: Partial<LeadFormConfig> = {}) {
  const full: LeadFormConfig = {
    form: 'enquiry',
    payload: ({ fields }) => ({ name: fields.name, email: fields.email, regoState: fields.regoState }),
    check: () => [],
    ...config,
  };
  renderWithApp(
    <LeadForm config={full} label="Test form">
      <TextField name="name" label="First Name" required />
      <TextField name="email" label="Email address" type="email" />
      <RadioGroupField name="regoState" label="State of registration" options={['QLD', 'NSW']} required />
      <SubmitButton>Send</SubmitButton>
    </LeadForm>,
    { tenant: tenantFixture() },
  );
}

async function send() {
  fireEvent.change(await screen.findByLabelText(/^First Name/), { target: { value: 'Ana' } });
  fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: 'ana@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  return screen.findByRole('alertdialog');
}

describe('a refused submission in the form’s own words (spec §8)', () => {
  test('a lead form: the spec’s alert, and the refused field named by the form’s label with its message — never the API summary', async () => {
    serverAnswers(400, { error: 'Invalid body: email: Please enter a valid email address.', fields: [{ path: 'email', message: 'Please enter a valid email address.' }] });
    renderForm();
    const alert = await send();
    expect(within(alert).getByRole('heading', { name: SPEC_ALERT })).toBeTruthy();
    expect(alert.textContent).toContain('Email address: Please enter a valid email address.');
    expect(document.body.textContent).not.toContain('Invalid body');
    // The field's own message is inline, under the form's error list.
    expect(screen.getByRole('textbox', { name: /^Email address/, hidden: true }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert', { hidden: true }).textContent).toContain('Please fix the following errors:');
  });

  test('a radio group is named by its legend, and a field the form does not show is not listed', async () => {
    serverAnswers(400, {
      error: 'Invalid body: lead_attributes.visited_pages.0: x; regoState: y',
      fields: [
        { path: 'lead_attributes.visited_pages.0', message: 'Use at most 2,000 characters.' },
        { path: 'regoState', message: 'Please select the rego state.' },
      ],
    });
    renderForm();
    const alert = await send();
    expect(alert.textContent).toContain('State of registration: Please select the rego state.');
    expect(screen.getByRole('alert', { hidden: true }).textContent).not.toContain('2,000');
  });

  test('a 400 about nothing the form shows reads as the alert’s own text', async () => {
    serverAnswers(400, { error: 'Invalid body: car_id: no such car on this site', fields: [{ path: 'car_id', message: 'no such car on this site' }] });
    renderForm();
    await send();
    expect(document.body.textContent).not.toContain('car_id');
    expect(document.body.textContent).not.toContain('no such car');
    expect(screen.getAllByText(SPEC_ALERT).length).toBeGreaterThan(0);
  });

  test('a form sent without keeping it on the device refuses the same way', async () => {
    serverAnswers(400, { error: 'Invalid body: name: Please enter your name.', fields: [{ path: 'name', message: 'Please enter your name.' }] });
    renderForm({ keepOnDevice: false, path: '/api/leads/credit-check' });
    const alert = await send();
    expect(alert.textContent).toContain('First Name: Please enter your name.');
    expect(document.body.textContent).not.toContain('Invalid body');
  });

  test('an order’s refusal: the server’s own words for the shopper (409), or the field by its label (400)', async () => {
    const taken = 'This car cannot be bought online: it is reserved, sold or not yet in stock.';
    serverAnswers(409, { error: taken, message: taken, fields: [{ path: 'car_id', message: 'cannot be bought online' }] });
    renderForm({ path: '/api/orders' });
    const alert = await send();
    expect(within(alert).getByRole('heading', { name: taken })).toBeTruthy();
    cleanup();
    serverAnswers(400, { error: 'Invalid body: email: Please enter a valid email address.', fields: [{ path: 'email', message: 'Please enter a valid email address.' }] });
    renderForm({ path: '/api/orders' });
    const second = await send();
    expect(within(second).getByRole('heading', { name: 'Email address: Please enter a valid email address.' })).toBeTruthy();
  });
});

describe('only words written for shoppers reach a form', () => {
  // Summaries for programs: none carries a `message`, so each must read as the form's fallback.
  const forPrograms: [number, unknown][] = [
    [404, { error: 'No lead 12 on this site', fields: [{ path: 'lead_id', message: 'no such lead on this site' }] }],
    [403, { error: 'Cross-site request refused: Origin https://evil.example is not this site' }],
    [415, { error: 'Content-Type must be application/json (got none)' }],
    [413, { error: 'Request body larger than 1000000 bytes' }],
    [409, { error: 'Idempotency-Key was already used for a different request' }],
  ];
  for (const [status, body] of forPrograms) {
    test(`${status} ${(body as { error: string }).error}: the spec’s fallback text`, async () => {
      serverAnswers(status, body);
      renderForm();
      const alert = await send();
      expect(within(alert).getByRole('heading', { name: SPEC_ALERT })).toBeTruthy();
      expect(document.body.textContent).not.toContain((body as { error: string }).error);
      cleanup();
      serverAnswers(status, body);
      renderForm({ path: '/api/orders' });
      const order = await send();
      expect(within(order).getByRole('heading', { name: 'An unexpected error occured' })).toBeTruthy();
      expect(document.body.textContent).not.toContain((body as { error: string }).error);
    });
  }

  test('a refusal written for the shopper shows its message, not its summary', async () => {
    serverAnswers(403, { error: 'summary for programs', message: 'This form was started in another browser. Please fill it in again on this page.' });
    renderForm();
    const alert = await send();
    expect(alert.textContent).toContain('This form was started in another browser. Please fill it in again on this page.');
    expect(document.body.textContent).not.toContain('summary for programs');
  });
});

describe('the form’s own check words a rule without a message of its own as the server does', () => {
  test('a name over the limit: the plain message in the list and under the field, nothing sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(
      <LeadForm config={{ form: 'enquiry', payload: ({ fields }) => ({ name: fields.name, email: fields.email, message: 'Hello' }) }} label="Test form">
        <TextField name="name" label="First Name" required />
        <TextField name="email" label="Email address" type="email" />
        <SubmitButton>Send</SubmitButton>
      </LeadForm>,
      { tenant: tenantFixture() },
    );
    fireEvent.change(await screen.findByLabelText(/^First Name/), { target: { value: 'N'.repeat(201) } });
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const list = await screen.findByRole('alert');
    expect(list.textContent).toContain('Use at most 200 characters.');
    expect(list.textContent).not.toMatch(/Too big|expected string/);
    expect(fetch).not.toHaveBeenCalled();
  });
});

/** A form's contact fields as the server sends them, the mobile number already typed. */
function contactForm() {
  const form = document.createElement('form');
  form.innerHTML = '<input name="name" aria-label="First Name"><input name="email" aria-label="Email"><input name="phone" aria-label="Mobile" value="0400 000 000">';
  document.body.append(form);
  return form;
}

describe('remembered contact details (spec §3)', () => {
  test("fill the empty fields, but not the one the shopper is in: what they type is not added to a name put under their caret", () => {
    const form = contactForm();
    const name = form.elements.namedItem('name') as HTMLInputElement;
    name.focus();
    prefillRemembered(form, { name: 'Ana', email: 'ana@example.com', phone: '0411 111 111' });
    expect(name.value).toBe('');
    expect((form.elements.namedItem('email') as HTMLInputElement).value).toBe('ana@example.com');
    // A field with the shopper's own text keeps it.
    expect((form.elements.namedItem('phone') as HTMLInputElement).value).toBe('0400 000 000');
    name.blur();
    prefillRemembered(form, { name: 'Ana' });
    expect(name.value).toBe('Ana');
    form.remove();
  });
});
