import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import '../../test/browser-stubs.ts';
import SpinViewer from './index.tsx';

// Spec §2 "Viewer tabs: Spin, Walkaround, Gallery, Interior, with Fullscreen".

afterEach(() => cleanup());

const props = {
  title: '2024 Kia Sportage GT-Line',
  frames: ['/spin/1.webp', '/spin/2.webp'],
  interiorImage: '/spin/interior.webp',
  walkaroundVideo: '/videos/walkaround.mp4',
  gallery: <p>Photos</p>,
  defaultView: 'spin' as const,
  autoRotate: false,
  intervalMs: 100,
  hotspots: null,
};

// Each view and what its fullscreen shows.
const VIEWS = [
  ['Spin', (shown: HTMLElement) => within(shown).getByRole('slider').getAttribute('aria-valuemax')],
  ['Walkaround', (shown: HTMLElement) => within(shown).getByLabelText(`${props.title} walkaround video`).tagName],
  ['Interior', (shown: HTMLElement) => within(shown).getByRole('img', { name: `${props.title} interior` }).getAttribute('src')],
] as const;
const EXPECTED = { Spin: '2', Walkaround: 'VIDEO', Interior: '/spin/interior.webp' };

test.each(VIEWS)('the %s view opens fullscreen in a dialog named after the car and the view', async (view, read) => {
  render(<SpinViewer {...props} />);
  fireEvent.click(screen.getByRole('button', { name: view }));
  fireEvent.click(screen.getByRole('button', { name: `Fullscreen ${view}` }));
  const dialog = await screen.findByRole('dialog', { name: `${props.title}: ${view}` });
  expect(read(within(dialog).getByTestId('viewer-fullscreen'))).toBe(EXPECTED[view]);
});

test('the Gallery keeps its own Fullscreen: the viewer adds none there', () => {
  render(<SpinViewer {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'Gallery' }));
  expect(screen.queryByRole('button', { name: /^Fullscreen/ })).toBeNull();
});
