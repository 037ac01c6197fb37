import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MakeFacet, type MakeCardItem } from './facets.tsx';

// Spec §2: make cards with logos and an optional model sub-list, a Show all makes button, and
// then a Popular Makes group and an All Makes group; spec §4: the make card toggles its model
// list between Hide and Select models.

afterEach(cleanup);

const make = (label: string, count: number, models: string[] = []): MakeCardItem => ({
  label,
  value: label,
  count,
  isRefined: false,
  logoUrl: `/images/makes/${label.toLowerCase()}.svg`,
  models: models.map((model, i) => ({ label: model, value: `${label} > ${model}`, count: count - i, isRefined: false })),
});

const toyota = make('Toyota', 40, ['Corolla', 'HiLux']);
const mazda = make('Mazda', 30, ['CX-5']);
const kia = make('Kia', 20);
const abarth = make('Abarth', 1);

function renderMakes(onRefineModel = vi.fn()) {
  render(<MakeFacet title="Make" collapsed={[toyota, mazda]} popular={[toyota, mazda, kia]} all={[abarth, kia, mazda, toyota]} onRefineMake={vi.fn()} onRefineModel={onRefineModel} />);
}

describe('make cards', () => {
  it('Select models opens the make’s models and reads Hide; Hide closes them again', () => {
    const onRefineModel = vi.fn();
    renderMakes(onRefineModel);
    const toggle = screen.getByRole('button', { name: 'Select models: Toyota' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Toyota models' })).toBeNull();
    fireEvent.click(toggle);
    const models = screen.getByRole('list', { name: 'Toyota models' });
    expect(within(models).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Corolla40', 'HiLux39']);
    expect(screen.getByRole('button', { name: 'Hide: Toyota' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(models).getAllByRole('checkbox')[1]!);
    expect(onRefineModel).toHaveBeenCalledWith('Toyota', 'Toyota > HiLux');
    fireEvent.click(screen.getByRole('button', { name: 'Hide: Toyota' }));
    expect(screen.queryByRole('list', { name: 'Toyota models' })).toBeNull();
  });

  it('a make without models has no Select models button', () => {
    renderMakes();
    fireEvent.click(screen.getByRole('button', { name: 'Show all makes' }));
    expect(screen.queryByRole('button', { name: 'Select models: Kia' })).toBeNull();
  });

  it('shows the collapsed makes first; Show all makes shows Popular Makes, then All Makes', () => {
    renderMakes();
    const fieldset = screen.getByRole('group', { name: 'Make' });
    const makeNames = () => within(fieldset).getAllByRole('checkbox').map((box) => box.closest('label')?.querySelector('span:last-of-type')?.previousElementSibling?.textContent);
    expect(makeNames()).toEqual(['Toyota', 'Mazda']);
    fireEvent.click(screen.getByRole('button', { name: 'Show all makes' }));
    expect(within(fieldset).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Popular Makes', 'All Makes']);
    expect(makeNames()).toEqual(['Toyota', 'Mazda', 'Kia', 'Abarth', 'Kia', 'Mazda', 'Toyota']);
    expect(screen.getByRole('button', { name: 'Show fewer makes' }).getAttribute('aria-expanded')).toBe('true');
  });
});
