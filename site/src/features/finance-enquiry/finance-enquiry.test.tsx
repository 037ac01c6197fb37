import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import FinanceEnquiryForm from './index.tsx';

// The build inlines feature switches; this test runs the form of a site with Comments optional.
Object.assign(globalThis, { __FEATURE_ENQUIRY_COMMENTS_REQUIRED__: false });

afterEach(cleanup);

/** The fixture group with a yard for each of its two dealerships, so the form offers both. */
function twoDealerships() {
  const base = tenantFixture();
  const toyota = base.dealer.locations[0]!;
  const mazda = { ...toyota, slug: 'test-mazda-albion', name: 'Test Mazda Albion', dealershipSlug: 'test-mazda', primary: false };
  return tenantFixture({ dealer: { ...base.dealer, locations: [toyota, mazda] } } as never);
}

describe('finance enquiry: a finance link lands on the form with its values (spec §2)', () => {
  test('the link’s dealership and budget are filled in, in the section the #finance-form anchor names', async () => {
    renderWithApp(<FinanceEnquiryForm prefill={{ dealership: 'test-mazda', amount: 32990 }} />, { tenant: twoDealerships() });
    const amount = (await screen.findByRole('textbox', { name: /^How much would you like to borrow\?/ })) as HTMLInputElement;
    expect(amount.value).toBe('32,990');
    expect((screen.getByRole('combobox', { name: /Preferred dealership/ }) as HTMLSelectElement).value).toBe('test-mazda');
    expect(amount.closest('section')?.id).toBe('finance-form');
  });

  test('without a link’s values the amount is empty and no dealership is chosen', async () => {
    renderWithApp(<FinanceEnquiryForm />, { tenant: twoDealerships() });
    const amount = (await screen.findByRole('textbox', { name: /^How much would you like to borrow\?/ })) as HTMLInputElement;
    expect(amount.value).toBe('');
    expect((screen.getByRole('combobox', { name: /Preferred dealership/ }) as HTMLSelectElement).value).toBe('');
  });
});
