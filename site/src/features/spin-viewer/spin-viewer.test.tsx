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

test.each(['Spin', 'Walkaround', 'Interior'])('the %s view opens fullscreen in a dialog named after the car and the view', async (view) => {
  render(<SpinViewer {...props} />);
  fireEvent.click(screen.getByRole('button', { name: view }));
  fireEvent.click(screen.getByRole('button', { name: `Fullscreen ${view}` }));
  const dialog = await screen.findByRole('dialog', { name: `${props.title}: ${view}` });
  const shown = within(dialog).getByTestId('viewer-fullscreen');
  if (view === 'Spin') expect(within(shown).getByRole('slider')).toBeTruthy();
  if (view === 'Walkaround') expect(within(shown).getByLabelText(`${props.title} walkaround video`).tagName).toBe('VIDEO');
  if (view === 'Interior') expect(within(shown).getByRole('img', { name: `${props.title} interior` })).toBeTruthy();
});

test('the Gallery keeps its own Fullscreen: the viewer adds none there', () => {
  render(<SpinViewer {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'Gallery' }));
  expect(screen.queryByRole('button', { name: /^Fullscreen/ })).toBeNull();
});
