import { useEffect, useState } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { CardLeadForm } from '../../domain/car-card.ts';
import type { CardFormHostModule, CardForms, CardFormsModule } from './card-form-types.ts';

export type { CardForm, CardForms, CardFormsModule } from './card-form-types.ts';

/*
 * A search card's Enquire and Book a Test Drive open the car's form in a dialog (spec §2
 * test-drive modal, enquiry modal). The buttons stay real links to the forms' pages (`data-form`
 * names the form): without scripts, for a new tab, or before the page is interactive they go
 * there. One listener on the document handles every card's buttons, so a card carries no
 * handlers of its own and this is all the search page's first download holds of it: the forms,
 * the dialog and its history handling load when a shopper heads for a button (pointer over it,
 * focus, touch) or opens it. The forms are features of their own and features never import each
 * other: the search route hands in their loader (`load`).
 */

/** A card's button for a form the site offers, from an event's target. */
function formLink(target: EventTarget | null, offered: Partial<Record<CardLeadForm, boolean>>): { link: HTMLAnchorElement; form: CardLeadForm } | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>('[data-testid="car-card"] a[data-form]') : null;
  const form = link?.dataset.form as CardLeadForm | undefined;
  return link && form && offered[form] ? { link, form } : null;
}

interface Loaded {
  forms: CardForms;
  host: CardFormHostModule;
}

async function loadAll(load: () => Promise<CardFormsModule>): Promise<Loaded> {
  const module = await load();
  return { forms: module.forms, host: await module.loadHost() };
}

/**
 * Opens the cards' form buttons in a dialog, and renders the dialog a history entry asks for.
 * @param offered the forms the site's cards open in a dialog (the others stay links)
 * @param load the site's forms and the dialog's host, loaded on demand
 */
export function CardFormDialogs({ offered, load }: { offered: Partial<Record<CardLeadForm, boolean>>; load: () => Promise<CardFormsModule> }) {
  const router = useRouter();
  const asked = useRouterState({ select: (state) => state.location.state.leadFormModal !== undefined });
  // The button the last dialog was opened from (focus goes back to it).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // From the first dialog on, the host stays (closed between dialogs, it hands focus back).
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  // A history entry with a dialog, reached without a click (Back from another page, Forward).
  useEffect(() => {
    if (asked && !loaded) void loadAll(load).then(setLoaded);
  }, [asked, loaded, load]);

  useEffect(() => {
    // Capture: before the router's link handler, which leaves a click whose default is prevented alone.
    const onClick = (event: MouseEvent) => {
      const found = formLink(event.target, offered);
      // A new tab or window, another button: the browser's.
      if (!found || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const href = found.link.getAttribute('href') ?? '';
      const carId = Number(new URL(href, window.location.href).searchParams.get('car_id'));
      if (!Number.isSafeInteger(carId)) return;
      event.preventDefault();
      setOpener(found.link);
      void loadAll(load).then((all) => {
        setLoaded(all);
        return all.host.openLeadFormModal(router, { form: found.form, carId, href });
      });
    };
    const onIntent = (event: Event) => {
      const found = formLink(event.target, offered);
      if (found) void load().then((module) => Promise.all([module.loadHost(), module.forms[found.form]?.Form.load()]));
    };
    const intents = ['pointerover', 'focusin', 'touchstart'] as const;
    document.addEventListener('click', onClick, true);
    for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      document.removeEventListener('click', onClick, true);
      for (const type of intents) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [offered, load, router]);

  return loaded ? <loaded.host.default forms={loaded.forms} opener={opener} /> : null;
}
