import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { replayHeldInput } from './hydration-replay.ts';
import { leaveHeldInputPage, startHeldInputPage } from '../test/held-input-page.ts';
import { HydrateWhenNear } from './hydrate-when-near.tsx';

// A part below the fold with real React hydration and the page's real input-holding script: its
// server HTML stays (the same nodes) and its component does not run in the browser until its
// place comes near the viewport; a press on it meanwhile is held and replayed once it hydrates.

/** jsdom has no IntersectionObserver: this one reports what the test says is in view. */
class FakeObserver {
  static all = new Set<FakeObserver>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    FakeObserver.all.add(this);
  }
  targets: Element[] = [];
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    FakeObserver.all.delete(this);
  }
  /** The observed elements come within the observer's margin of the viewport. */
  static comeNear() {
    for (const observer of FakeObserver.all) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

/** Called on every render of the part. */
const rendered = vi.fn();

function Part({ label }: { label: string }) {
  rendered();
  const [open, setOpen] = useState(false);
  return (
    <section>
      <h2>{label}</h2>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Show More
      </button>
    </section>
  );
}

function Page() {
  return (
    <main>
      <p>Top of the page</p>
      <HydrateWhenNear className="sections" testId="lower">
        <Part label="All Specifications" />
      </HydrateWhenNear>
    </main>
  );
}

describe('a part hydrated when the shopper comes near it', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  const button = () => container.querySelector('button')!;

  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    rendered.mockClear();
    container = document.createElement('div');
    document.body.append(container);
    startHeldInputPage();
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    vi.unstubAllGlobals();
    leaveHeldInputPage();
  });

  async function serveAndHydrate() {
    container.innerHTML = renderToString(<Page />);
    // The server renders the part in full.
    expect(rendered).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-testid="lower"]')?.className).toBe('sections');
    expect(container.querySelector('h2')?.textContent).toBe('All Specifications');
    rendered.mockClear();
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: (error) => console.error('Hydration mismatch:', error) });
    });
    // What the root layout does after the first commit.
    void replayHeldInput();
  }

  it('keeps the server HTML whole until its place comes near, then hydrates the same nodes', async () => {
    const errors = vi.spyOn(console, 'error');
    await serveAndHydrate();
    const serverButton = button();
    expect(container.querySelector('h2')?.textContent).toBe('All Specifications');
    expect(rendered, 'the part has not rendered in the browser').not.toHaveBeenCalled();
    expect(Object.keys(serverButton).some((key) => key.startsWith('__reactProps$')), 'the button is not hydrated').toBe(false);
    // Observed with the margin it was given.
    expect([...FakeObserver.all].map((observer) => observer.options?.rootMargin)).toEqual(['200px 0px']);

    await act(async () => FakeObserver.comeNear());
    expect(rendered).toHaveBeenCalled();
    expect(button()).toBe(serverButton);
    expect(Object.keys(serverButton).some((key) => key.startsWith('__reactProps$'))).toBe(true);
    await act(async () => button().click());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(FakeObserver.all.size, 'the observer is let go').toBe(0);
    expect(errors.mock.calls.filter(([message]) => String(message).includes('Hydration'))).toEqual([]);
    errors.mockRestore();
  });

  it('holds a press made before the part hydrated and replays it once it has', async () => {
    await serveAndHydrate();
    // A press: the pointer comes down on the part (which starts its hydration), then the click,
    // which arrives before the part has hydrated.
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => {
      button().dispatchEvent(new Event('pointerdown', { bubbles: true }));
      button().dispatchEvent(press);
      expect(press.defaultPrevented, 'held by the page script').toBe(true);
      expect(window.fcHeldInput).toHaveLength(1);
      expect(button().getAttribute('aria-expanded')).toBe('false');
    });
    await act(() => vi.waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('true'), { timeout: 2000 }));
    expect(window.fcHeldInput).toHaveLength(0);
  });

  it('hydrates at once when focus moves into it', async () => {
    await serveAndHydrate();
    await act(async () => button().dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    await act(() => vi.waitFor(() => expect(rendered).toHaveBeenCalled(), { timeout: 2000 }));
    expect(Object.keys(button()).some((key) => key.startsWith('__reactProps$'))).toBe(true);
  });

  it('renders its part at once in a render that is not the hydration of the server page', async () => {
    // The editor's preview renders without server HTML.
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });
    expect(rendered).toHaveBeenCalled();
    expect(container.querySelector('h2')?.textContent).toBe('All Specifications');
    expect(FakeObserver.all.size).toBe(0);
  });

  it('renders its part at once on a navigation, though the page it leaves has a part in the same place', async () => {
    await serveAndHydrate();
    await act(async () => FakeObserver.comeNear());
    // The next page is rendered while the hydrated one is still in the document.
    const next = document.createElement('div');
    document.body.append(next);
    rendered.mockClear();
    const nextRoot = createRoot(next);
    await act(async () => nextRoot.render(<Page />));
    expect(rendered).toHaveBeenCalled();
    expect(next.querySelector('h2')?.textContent).toBe('All Specifications');
    act(() => nextRoot.unmount());
    next.remove();
  });
});
