import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewTenantSetup } from '../../../shared/new-tenant.ts';
import { NewTenantDialog } from './dialogs.tsx';

afterEach(cleanup);
// jsdom has no modal dialogs: opening one only marks it open.
function showModal(this: HTMLDialogElement) {
  this.open = true;
}
function closeDialog(this: HTMLDialogElement) {
  this.open = false;
}
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= showModal;
  HTMLDialogElement.prototype.close ??= closeDialog;
});

const SOUTHPORT = { postcode: '4215', state: 'QLD', lat: -27.9674, lng: 153.4, locality: 'Australia Fair', localities: ['Australia Fair', 'Chirn Park', 'Labrador', 'Southport'] };

/** A field by its label (its accessible name goes on with the hint below it). */
const named = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}(\\s|$)`);

function fill(scope: HTMLElement, label: string, value: string) {
  fireEvent.change(within(scope).getByRole('textbox', { name: named(label) }), { target: { value } });
}

describe('New tenant with two locations', () => {
  it('a sales yard and a service centre; staff choose the service centre as the primary location', async () => {
    let sent: { setup?: NewTenantSetup } | undefined;
    render(
      <NewTenantDialog
        templates={[{ id: 'brand', label: 'Single-brand dealer', description: '' }]}
        tenants={[]}
        onSubmit={async (_slug, _name, _from, extra) => {
          sent = extra;
          return true;
        }}
        onLookupPostcode={async (pc) => (pc === '4215' ? { available: true, place: SOUTHPORT } : { available: true })}
        onCancel={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'New tenant' });
    fill(dialog, 'Site name', 'Gold Coast Mazda');
    fill(dialog, 'Site address', 'https://www.goldcoastmazda.com.au');
    fill(dialog, 'Makes sold', 'Mazda');
    fill(dialog, 'Dealer licence number', 'MD 41234');
    const first = screen.getByRole('group', { name: 'First location' });
    fill(first, 'Location name', 'Gold Coast Mazda Southport');
    fill(first, 'Street', '1 Nerang Street');
    fill(first, 'Postcode', '4215');
    fill(first, 'Phone', '(07) 5532 1000');
    fireEvent.change(within(first).getByRole('combobox', { name: named('Suburb') }), { target: { value: 'Southport' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add a second location (a service centre, say)' }));
    const second = screen.getByRole('group', { name: 'Second location' });
    // Offered in the first location's suburb, as a service centre.
    expect((within(second).getByRole('combobox', { name: 'What it is' }) as HTMLSelectElement).value).toBe('service');
    expect((within(second).getByRole('textbox', { name: named('Postcode') }) as HTMLInputElement).value).toBe('4215');
    fill(second, 'Location name', 'Gold Coast Mazda Service Centre');
    fill(second, 'Street', '5 Nerang Street');
    fill(second, 'Phone', '(07) 5532 1099');

    const primary = screen.getByRole('group', { name: 'Primary location' });
    expect((within(primary).getByRole('radio', { name: 'Gold Coast Mazda Southport' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(primary).getByRole('radio', { name: 'Gold Coast Mazda Service Centre' }));

    await waitFor(() => expect(within(second).getByText(/QLD · map position/)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Create tenant' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent!.setup!.location).toEqual({ name: 'Gold Coast Mazda Southport', street: '1 Nerang Street', suburb: 'Southport', postcode: '4215', phone: '(07) 5532 1000' });
    expect(sent!.setup!.secondLocation).toEqual({ type: 'service', name: 'Gold Coast Mazda Service Centre', street: '5 Nerang Street', suburb: 'Southport', postcode: '4215', phone: '(07) 5532 1099' });
    expect(sent!.setup!.primary).toBe('second');
  });

  it('Remove the second location takes it and the primary choice away', async () => {
    render(
      <NewTenantDialog templates={[{ id: 'brand', label: 'Single-brand dealer', description: '' }]} tenants={[]} onSubmit={async () => true} onLookupPostcode={async () => ({ available: true, place: SOUTHPORT })} onCancel={() => undefined} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a second location (a service centre, say)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the second location' }));
    expect(screen.queryByRole('group', { name: 'Second location' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Primary location' })).toBeNull();
  });
});
