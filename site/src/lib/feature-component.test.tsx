import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureComponent, pageErrorShown, lazyPart } from './feature-component.tsx';

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

  it('asks again after a failed load, so a retry can succeed', async () => {
    const importer = vi.fn<() => Promise<typeof Module>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Module);
    const Feature = featureComponent(importer);
    await expect(Feature.load()).rejects.toThrow('Failed to fetch dynamically imported module');
    await Feature.load();
    expect(importer).toHaveBeenCalledTimes(2);
    render(<Feature name="Lee" />);
    expect(screen.getByText('Hello Lee')).toBeTruthy();
  });

  it('starts at once for page-frame features marked eager', () => {
    const importer = vi.fn(async () => Module);
    featureComponent(importer, { eager: true });
    expect(importer).toHaveBeenCalledTimes(1);
  });
});

function Parent({ tick, feature: Feature }: { tick: number; feature: (props: object) => ReactNode }) {
  return (
    <Suspense fallback={<p>Loading</p>}>
      <span>tick {tick}</span>
      <Feature />
    </Suspense>
  );
}

describe('featureComponent keeps what the shopper chose', () => {
  it('does not remount when its code arrives after the first render (state survives a parent re-render)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mounts = vi.fn();
    function Counter() {
      const [count, setCount] = useState(0);
      useEffect(() => mounts(), []);
      return <button onClick={() => setCount((c) => c + 1)}>Count {count}</button>;
    }
    const Feature = featureComponent(async () => {
      await gate;
      return { default: Counter };
    });
    const view = render(<Parent tick={0} feature={Feature} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => release());
    fireEvent.click(await screen.findByRole('button', { name: 'Count 0' }));
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeTruthy();
    view.rerender(<Parent tick={1} feature={Feature} />);
    expect(screen.getByText('tick 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeTruthy();
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without a fallback, when a loader loaded it first', async () => {
    const Feature = featureComponent(async () => Module);
    await Feature.load();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Feature name="Kai" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Kai')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });
});

/** Catches what its children throw, as the route's error does, and shows it. */
class Caught extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error}</p> : this.props.children;
  }
}

/** Renders each part in a Suspense boundary inside an error boundary of its own. */
function renderEachCaught(Boundary: typeof Caught, parts: ReactNode[]) {
  return render(
    <>
      {parts.map((part, i) => (
        <Boundary key={i}>
          <Suspense fallback={<p>Waiting</p>}>{part}</Suspense>
        </Boundary>
      ))}
    </>,
  );
}

/** Chromium's words for a part's code that did not arrive. */
const lost = () => new TypeError('Failed to fetch dynamically imported module: /assets/part.js');

/** A part's code that failed as it ran. */
const fault = () => new TypeError('part is not a function');

describe('a part of a page whose code fails to arrive', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offline: waits with its fallback, and renders once the browser is back online, where it used to fail the page (a featureComponent and a lazyPart alike)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const feature = vi.fn<() => Promise<typeof Module>>().mockRejectedValueOnce(lost()).mockResolvedValue(Module);
    const part = vi.fn<() => Promise<typeof Module>>().mockRejectedValueOnce(lost()).mockResolvedValue(Module);
    const Feature = featureComponent(feature);
    const Part = lazyPart(part);
    render(
      <Caught>
        <Suspense fallback={<p>Waiting</p>}>
          <Feature name="Kim" />
        </Suspense>
        <Suspense fallback={<p>Waiting</p>}>
          <Part name="Jo" />
        </Suspense>
      </Caught>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(feature).toHaveBeenCalledTimes(1);
    expect(part).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Waiting')).toHaveLength(2);
    expect(screen.queryByText(/Failed/)).toBeNull();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello Kim')).toBeTruthy();
    expect(await screen.findByText('Hello Jo')).toBeTruthy();
    expect(feature).toHaveBeenCalledTimes(2);
    expect(part).toHaveBeenCalledTimes(2);
  });

  it('online: the part keeps its fallback while the server is asked for the page (which is then loaded afresh for the new release), not the page’s error', async () => {
    // The server's answer is held: the page would be loaded afresh once it came.
    const askServer = vi.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    const Part = lazyPart(vi.fn<() => Promise<typeof Module>>().mockRejectedValue(lost()));
    render(
      <Caught>
        <Suspense fallback={<p>Waiting</p>}>
          <Part name="Jo" />
        </Suspense>
      </Caught>,
    );
    await waitFor(() => expect(askServer).toHaveBeenCalledWith(window.location.href, expect.objectContaining({ method: 'HEAD' })));
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(screen.queryByText(/Failed/)).toBeNull();
  });

  it('online, missing even after the page was loaded afresh for it, or failing as it ran: the failure reaches the page’s error boundary', async () => {
    // React reports the error its boundary caught.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'fetch').mockResolvedValue({ status: 200 } as Response);
    // What the page notes in the tab's storage as it is loaded afresh for its code (load-recovery.ts).
    sessionStorage.setItem('forecourt:reloaded-for-code', JSON.stringify({ href: window.location.href, at: Date.now() }));
    try {
      const Part = lazyPart(vi.fn<() => Promise<typeof Module>>().mockRejectedValue(lost()));
      const Broken = lazyPart(vi.fn<() => Promise<typeof Module>>().mockRejectedValue(fault()));
      renderEachCaught(Caught, [<Part key="jo" name="Jo" />, <Broken key="kim" name="Kim" />]);
      expect(await screen.findByText('Failed: Failed to fetch dynamically imported module: /assets/part.js')).toBeTruthy();
      expect(await screen.findByText('Failed: part is not a function')).toBeTruthy();
    } finally {
      sessionStorage.removeItem('forecourt:reloaded-for-code');
    }
  });
});

/** The page's error with its Try again, as the route's error offers it: it notes that it is shown, and Try again resets it. */
class CaughtWithRetry extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override componentDidUpdate() {
    if (this.state.error) pageErrorShown();
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <>
        <p>Failed: {this.state.error}</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </>
    );
  }
}

describe('a part whose failure reached the page’s error', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for its code again when the shopper presses Try again, and renders (a featureComponent and a lazyPart alike), where React’s own lazy failed again without asking', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const feature = vi.fn<() => Promise<typeof Module>>().mockRejectedValueOnce(fault()).mockResolvedValue(Module);
    const part = vi.fn<() => Promise<typeof Module>>().mockRejectedValueOnce(fault()).mockResolvedValue(Module);
    const Feature = featureComponent(feature);
    const Part = lazyPart(part);
    renderEachCaught(CaughtWithRetry, [<Feature key="kim" name="Kim" />, <Part key="jo" name="Jo" />]);
    expect(await screen.findAllByText('Failed: part is not a function')).toHaveLength(2);
    // The failure is kept until it is shown: each part asked for its code once.
    expect(feature).toHaveBeenCalledTimes(1);
    expect(part).toHaveBeenCalledTimes(1);
    for (const button of screen.getAllByRole('button', { name: 'Try again' })) fireEvent.click(button);
    expect(await screen.findByText('Hello Kim')).toBeTruthy();
    expect(await screen.findByText('Hello Jo')).toBeTruthy();
    expect(feature).toHaveBeenCalledTimes(2);
    expect(part).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/Failed/)).toBeNull();
  });
});
