import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import ShortEnquiryForm from '../lead-forms/short-enquiry-form.tsx';

afterEach(cleanup);

/** The fixture group with a second Toyota yard, so picking Test Toyota asks which yard. */
function twoToyotaYards() {
  const base = tenantFixture();
  const newstead = base.dealer.locations[0]!;
  const albion = { ...newstead, slug: 'test-toyota-albion', name: 'Test Toyota Albion', primary: false };
  const mazda = { ...newstead, slug: 'test-mazda-albion', name: 'Test Mazda Albion', dealershipSlug: 'test-mazda', primary: false };
  return tenantFixture({ dealer: { ...base.dealer, locations: [newstead, albion, mazda] } } as never);
}

async function renderForm() {
  renderWithApp(<ShortEnquiryForm title="Enquire" intro="Ask us anything." context="A search without results" />, { tenant: twoToyotaYards() });
  return (await screen.findByRole('combobox', { name: /Preferred dealership/ })) as HTMLSelectElement;
}

const locationSelect = () => screen.queryByRole('combobox', { name: /Dealership location/ }) as HTMLSelectElement | null;

describe('the dealership picker: the location the shopper sees picked is the one sent (spec §5)', () => {
  test('the location picker opens for a dealership with several yards, and only then', async () => {
    const dealership = await renderForm();
    expect(locationSelect()).toBeNull();
    fireEvent.change(dealership, { target: { value: 'test-toyota' } });
    expect([...locationSelect()!.options].map((o) => o.text)).toEqual(['Please Select a Dealership Location', 'Test Toyota Newstead', 'Test Toyota Albion']);
    fireEvent.change(dealership, { target: { value: 'test-mazda' } });
    // One yard: carried without asking.
    expect(locationSelect()).toBeNull();
    expect((document.querySelector('input[type="hidden"][name="location"]') as HTMLInputElement).value).toBe('test-mazda-albion');
  });

  test('a picked location survives the form rendering again, even when the page never told React of the pick', async () => {
    const dealership = await renderForm();
    fireEvent.change(dealership, { target: { value: 'test-toyota' } });
    const location = locationSelect()!;
    // The shopper's pick as the browser shows it, without the change event React would hear (the
    // page's held-input script let go of it while the page started).
    location.value = 'test-toyota-albion';
    // Sending with fields missing renders the form again with its error list.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please fix the following errors:')).toBeTruthy();
    expect(locationSelect()!.value).toBe('test-toyota-albion');
    expect(new FormData(location.form!).get('location')).toBe('test-toyota-albion');
  });

  test('picking the same dealership again keeps the location; another dealership asks again', async () => {
    const dealership = await renderForm();
    fireEvent.change(dealership, { target: { value: 'test-toyota' } });
    fireEvent.change(locationSelect()!, { target: { value: 'test-toyota-albion' } });
    fireEvent.change(dealership, { target: { value: 'test-toyota' } });
    expect(locationSelect()!.value).toBe('test-toyota-albion');
    fireEvent.change(dealership, { target: { value: 'test-mazda' } });
    fireEvent.change(dealership, { target: { value: 'test-toyota' } });
    expect(locationSelect()!.value).toBe('');
  });
});
