import { Suspense, use, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * How near the viewport (px, above and below) a part hydrated on approach starts loading its code.
 * Small: the part's HTML is already there, so coming near only starts its interactivity (a
 * press meanwhile is held and replayed); a phone's car page has its sections 800–1,000 px
 * below the screen, which a larger margin would bring into the page's start.
 */
export const HYDRATE_NEAR_MARGIN_PX = 200;

/** A promise the part waits on, and what settles it. */
interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  const settle: { resolve?: () => void } = {};
  const promise = new Promise<void>((resolve) => (settle.resolve = resolve));
  return { promise, open: () => settle.resolve?.() };
}

/**
 * Whether the server's HTML for the part marked `id` is on the page and React has not claimed it
 * yet: the render under way is the hydration of the server's page, not a navigation in the
 * browser (whose page is not in the document yet; the page it leaves is React's) or a render
 * without server HTML (the editor's preview). React attaches its props to a node it hydrates.
 */
function serverHtmlAwaitsHydration(id: string): boolean {
  if (import.meta.env.SSR || typeof document === 'undefined') return false;
  const node = [...document.querySelectorAll('[data-hydrate-near]')].find((element) => element.getAttribute('data-hydrate-near') === id);
  return node !== undefined && !Object.keys(node).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Server HTML the browser hydrates only when the shopper comes near it: a part below the fold
 * whose code and hydration would otherwise compete with the top of the page for a phone's main
 * thread while it starts (Lighthouse counts every long task until the page is quiet). The server
 * renders `children` in full, so the page reads whole, links work and the text is there for
 * search engines and screen readers; in the browser the part's Suspense boundary keeps that HTML
 * untouched until its place comes within `margin` px of the viewport (or focus or a press lands
 * in it), then renders `children`, which loads their code and hydrates them. A press or a choice
 * made in the part meanwhile is held by the page's input-holding script and replayed once it has
 * hydrated (hydration-replay.ts). A render that is not the hydration of the server's page (a
 * navigation in the browser, the editor's preview) renders `children` at once.
 *
 * The wrapper is a block element (`className` styles it) the browser can observe. Render it
 * from a `memo` component whose props are steady (the vehicle page's `HydratedLater`): a render
 * reaching its boundary before it has hydrated would make React drop the server's HTML and show
 * nothing there until the gate opens.
 */
export function HydrateWhenNear({ children, className, margin = HYDRATE_NEAR_MARGIN_PX, testId }: { children: ReactNode; className?: string; margin?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The same on the server and in the hydrating render: it finds the server's wrapper.
  const id = useId();
  // Decided once, at mount: a gate only when hydrating the server's HTML.
  const [waiting] = useState(() => (serverHtmlAwaitsHydration(id) ? gate() : null));
  useEffect(() => {
    const node = ref.current;
    if (!waiting || !node) return undefined;
    const open = () => {
      cleanup();
      waiting.open();
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) open();
    }, { rootMargin: `${margin}px 0px` });
    observer.observe(node);
    // Focus moved into it (a keyboard shopper tabbing on) or a press on it: hydrate at once.
    // Heard on the document as the event starts down the tree: React stops a focus event aimed
    // at a part it has not hydrated there (to replay it once hydrated), before it reaches the part.
    const doc = node.ownerDocument;
    const inside = (event: Event) => {
      if (event.target instanceof Node && node.contains(event.target)) open();
    };
    doc.addEventListener('focusin', inside, true);
    doc.addEventListener('pointerdown', inside, true);
    function cleanup() {
      observer.disconnect();
      doc.removeEventListener('focusin', inside, true);
      doc.removeEventListener('pointerdown', inside, true);
    }
    return cleanup;
  }, [waiting, margin]);
  return (
    <div ref={ref} className={className} data-testid={testId} data-hydrate-near={id}>
      <Suspense fallback={null}>{waiting ? <AfterGate gate={waiting}>{children}</AfterGate> : children}</Suspense>
    </div>
  );
}

/** Renders its children once the gate opens; suspends (keeping the server's HTML) until then. */
function AfterGate({ gate: { promise }, children }: { gate: Gate; children: ReactNode }) {
  use(promise);
  return children;
}
