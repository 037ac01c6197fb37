import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewView } from '../session.ts';
import { PreviewPane } from './preview-pane.tsx';

afterEach(cleanup);

const warmUpTenant: PreviewView = {
  state: 'ready',
  url: 'http://127.0.0.1:4000/',
  slug: 'big-lot-car-superstore',
  pages: [
    { id: 'home', label: 'Home', path: '/' },
    { id: 'location:big-lot-auburn-yard', label: 'Location: Big Lot Auburn Yard', path: '/locations/big-lot-auburn-yard' },
  ],
  version: 1,
};

const options = () => within(screen.getByRole('combobox', { name: 'Page' })).queryAllByRole('option').map((o) => o.textContent);

describe('the preview pane', () => {
  it("offers none of the warm-up tenant's pages while the open tenant's preview starts", () => {
    render(<PreviewPane preview={warmUpTenant} slug="range-road-kia" onShowHere={() => undefined} />);

    expect(options()).toEqual([]);
    expect((screen.getByRole('combobox', { name: 'Page' }) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByTitle(/Preview of/)).toBeNull();
  });

  it('lists the open tenant’s own pages once its preview shows', () => {
    const mine: PreviewView = { ...warmUpTenant, slug: 'range-road-kia', shown: 'this', pages: [{ id: 'home', label: 'Home', path: '/' }, { id: 'location:range-road-kia-toowoomba', label: 'Location: Range Road Kia Toowoomba', path: '/locations/range-road-kia-toowoomba' }] };
    render(<PreviewPane preview={mine} slug="range-road-kia" onShowHere={() => undefined} />);

    expect(options()).toEqual(['Home', 'Location: Range Road Kia Toowoomba']);
    expect(screen.getByTitle('Preview of range-road-kia: Home (Desktop)').getAttribute('src')).toBe('http://127.0.0.1:4000/');
  });
});

describe('the preview pane while the preview starts', () => {
  const starting: PreviewView = { state: 'starting', pages: [], version: 0 };

  it('says the step under way, and a plain line before the first step is known', () => {
    const { rerender } = render(<PreviewPane preview={starting} slug="range-road-kia" onShowHere={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Starting the preview server…');

    rerender(<PreviewPane preview={{ ...starting, step: 'preparing the site’s pages…' }} slug="range-road-kia" onShowHere={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Starting the preview: preparing the site’s pages…');
  });

  it('shows no step once the preview has started', () => {
    render(<PreviewPane preview={{ ...warmUpTenant, slug: 'range-road-kia', shown: 'this', step: 'preparing the site’s pages…' }} slug="range-road-kia" onShowHere={() => undefined} />);
    expect(screen.queryByText(/Starting the preview/)).toBeNull();
    expect(screen.getByTitle('Preview of range-road-kia: Home (Desktop)')).toBeTruthy();
  });
});
