import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { featureComponent } from './feature-component.tsx';

const Module = { default: ({ name }: { name: string }) => <p>Hello {name}</p> };

describe('featureComponent', () => {
  it('does not load the feature until a loader asks or it renders', async () => {
    const importer = vi.fn(async () => Module);
    const Feature = featureComponent(importer);
    expect(importer).not.toHaveBeenCalled();

    await Feature.load();
    await Feature.load();
    expect(importer).toHaveBeenCalledTimes(1);
    render(<Feature name="Sam" />);
    expect(screen.getByText('Hello Sam')).toBeTruthy();
  });

  it('loads on first render when no loader preloaded it', async () => {
    const importer = vi.fn(async () => Module);
    const Feature = featureComponent(importer);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Feature name="Ana" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('starts at once for page-frame features marked eager', () => {
    const importer = vi.fn(async () => Module);
    featureComponent(importer, { eager: true });
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
