import { memo, Suspense, type ComponentType, type ReactNode } from 'react';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { HydrateWhenNear } from '../../lib/hydrate-when-near.tsx';
import type { VehicleAction } from '../../domain/vehicle-offer.ts';
import styles from './vehicle.module.css';
import { useSectionOpen } from './use-section-open.ts';

/*
 * The pieces both halves of the vehicle page use: its top (vehicle-page.tsx) and its sections
 * (vehicle-sections.tsx, hydrated later).
 */

/**
 * A switchable part in its own Suspense boundary: in the browser its code may still be loading
 * when the page hydrates, and only that part — not the whole page — waits for it (the rest of
 * the page is interactive at once; a click on the gallery is never lost to a pending chunk).
 */
export function Slot({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * A part the browser hydrates after the rest of the page (routes/cars/-vehicle-later.ts): its
 * Suspense boundary keeps the server's HTML until the part's code has arrived. Memoised on the
 * part and its props' values, so a render of the page meanwhile does not reach the boundary: an
 * update there before it has hydrated would make React drop the server's HTML and render the part
 * afresh (losing what the shopper had typed). Give it steady props.
 */
function HydratedLaterPart<P extends object>({ Part, props, near }: { Part: ComponentType<P>; props: P; near?: { className: string } }) {
  // `near`: a part below the fold, in a block of that class, hydrated only as the shopper comes near it.
  if (near) {
    return (
      <HydrateWhenNear className={near.className}>
        <Part {...props} />
      </HydrateWhenNear>
    );
  }
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}

export const HydratedLater = memo(HydratedLaterPart, (before, after) => before.Part === after.Part && sameValue(before.props, after.props) && sameValue(before.near, after.near)) as typeof HydratedLaterPart;

/**
 * Equal props for HydratedLater: the same values, comparing plain objects and arrays by their
 * contents (a render makes a new `{ id, title }` or list of links with the same values), anything
 * else (functions, the car from the query cache) by identity.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * A titled section of the page. Where the tenant lets shoppers close sections
 * (`features.collapsibleSections`, spec §4), its heading is a button that opens and closes it
 * (the WAI-ARIA disclosure pattern); every section is open on the server's page, so it reads
 * whole without JavaScript.
 */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  if (__FEATURE_COLLAPSIBLE_SECTIONS__ === 'off') {
    return (
      <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        {children}
      </section>
    );
  }
  return <CollapsibleSection id={id} title={title}>{children}</CollapsibleSection>;
}

function CollapsibleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useSectionOpen(id);
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`} data-open={open}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        <button type="button" className={styles.sectionToggle} aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
          {title}
          <svg className={styles.sectionChevron} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M4 7.5l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

/**
 * One of the page's buttons (spec §2): a link to its page, or to another site in a new tab.
 * `onOpen` runs when the shopper follows it (the history report's analytics event).
 */
export function ActionLink({ action, primary, onOpen }: { action: VehicleAction; primary: boolean; onOpen?: (() => void) | undefined }) {
  const className = primary ? styles.actionPrimary : styles.action;
  if (action.external) {
    return (
      <a className={className} href={action.href} target="_blank" rel="noopener" onClick={onOpen}>
        {action.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <AppLink className={className} href={action.href} onClick={onOpen}>
      {action.label}
    </AppLink>
  );
}
