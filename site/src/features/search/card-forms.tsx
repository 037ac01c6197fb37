import { createContext, lazy, Suspense, useContext, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { CardAction } from '../../domain/car-card.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import type { CardForms, CardFormsValue } from './card-form-types.ts';

export type { CardForm, CardForms } from './card-form-types.ts';

/*
 * A search card's Enquire and Book a Test Drive open the car's form in a dialog (spec §2
 * test-drive modal, enquiry modal). The buttons stay real links to the forms' pages: without
 * scripts, for a new tab, or before the page is interactive they go there. Only this module is
 * in the search page's first download: the dialog, its history handling and the form load when
 * a shopper heads for a button (pointer over it, focus, touch) or opens it. The forms are
 * features of their own and features never import each other: the search route hands them in.
 */

const CardFormsContext = createContext<CardFormsValue | null>(null);

const loadHost = () => import('./card-form-modal-host.tsx');
const LazyHost = lazy(loadHost);

/** Provides the forms the cards open in a dialog, and the dialog once a history entry asks for one. */
export function CardFormsProvider({ forms, children }: { forms: CardForms; children: ReactNode }) {
  const router = useRouter();
  const opener = useRef<HTMLElement | null>(null);
  const asked = useRouterState({ select: (state) => state.location.state.leadFormModal !== undefined });
  // From the first dialog on, the host stays (closed between dialogs, it hands focus back).
  const [started, setStarted] = useState(false);
  if (asked && !started) setStarted(true);
  const value = useMemo<CardFormsValue>(
    () => ({
      forms,
      open: (button, modal) => {
        opener.current = button;
        void loadHost().then((host) => host.openLeadFormModal(router, modal));
      },
      opener: () => opener.current,
      prefetch: (form) => {
        void loadHost();
        void forms[form]?.Form.load();
      },
    }),
    [forms, router],
  );
  return (
    <CardFormsContext.Provider value={value}>
      {children}
      {started ? (
        <Suspense fallback={null}>
          <LazyHost value={value} />
        </Suspense>
      ) : null}
    </CardFormsContext.Provider>
  );
}

/** Whether a click should go to the link's page as the browser would (a new tab or window, another button). */
function leavesToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** A card's link button; its enquiry and test-drive buttons open their form in a dialog where the site hands it in. */
export function CardActionLink({ action, carId, className, children }: { action: CardAction; carId: number; className?: string | undefined; children: ReactNode }) {
  const context = useContext(CardFormsContext);
  const form = action.form;
  if (!context || !form || !context.forms[form]) {
    return (
      <AppLink href={action.href} className={className}>
        {children}
      </AppLink>
    );
  }
  const prefetch = () => context.prefetch(form);
  return (
    <AppLink
      href={action.href}
      className={className}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      onClick={(event) => {
        if (leavesToBrowser(event)) return;
        event.preventDefault();
        context.open(event.currentTarget, { form, carId, href: action.href });
      }}
    >
      {children}
    </AppLink>
  );
}
