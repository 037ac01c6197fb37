// jsdom lacks the layout observers and matchMedia that embla-carousel uses; minimal inert
// versions let carousel components mount in component tests (no layout happens in jsdom).
class InertObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

const g = globalThis as Record<string, unknown>;
g.ResizeObserver ??= InertObserver;
g.IntersectionObserver ??= InertObserver;
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
