import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { Carousel } from './carousel.tsx';

// Spec §9: carousels loop. From the first slide, Previous goes round to the last.

afterEach(cleanup);

const slides = ['One', 'Two', 'Three'].map((label) => ({ key: label, label, content: <p>{label}</p> }));

describe('Carousel', () => {
  it('loops: Previous is offered on the first slide', async () => {
    renderWithApp(<Carousel label="Current promotions" slides={slides} />, { tenant: tenantFixture() });
    const previous = await screen.findByRole('button', { name: 'Previous slide' });
    await waitFor(() => expect((previous as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });
});
