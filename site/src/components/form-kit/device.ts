import {
  contactToRemember,
  leadAttributes,
  parseRememberedContact,
  type RememberedContact,
} from '../../domain/form-inputs.ts';
import { visitedPages, visitLanding } from './visited-pages.ts';

/*
 * What the lead forms keep on the visitor's device (spec §3): remembered contact details and
 * the last success category per site (localStorage), and this visit's pages and landing query
 * (sessionStorage) for lead_attributes. Storage may be blocked; then nothing is remembered.
 */

function store(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function read(kind: 'localStorage' | 'sessionStorage', key: string): unknown {
  try {
    const raw = store(kind)?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, value: unknown) {
  try {
    store(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: nothing is remembered.
  }
}

const key = (tenantSlug: string, name: string) => `forecourt:${tenantSlug}:${name}`;

/** The contact details remembered on this device for a site. */
export function rememberedContact(tenantSlug: string): Partial<RememberedContact> {
  return parseRememberedContact(read('localStorage', key(tenantSlug, 'contact')));
}

/** Remembers the contact details and the category of a successful submission (spec §3). */
export function rememberSuccess(tenantSlug: string, payload: Record<string, unknown>) {
  write('localStorage', key(tenantSlug, 'contact'), contactToRemember(payload, rememberedContact(tenantSlug)));
  if (typeof payload.category === 'string') write('localStorage', key(tenantSlug, 'last-success-category'), payload.category);
}

/** The category of the last successful submission on this site, if any. */
export function lastSuccessCategory(tenantSlug: string): string | null {
  const value = read('localStorage', key(tenantSlug, 'last-success-category'));
  return typeof value === 'string' ? value : null;
}

/** The lead_attributes of spec §3 for a lead sent now. */
export function currentLeadAttributes(tenantSlug: string) {
  return leadAttributes(visitedPages(tenantSlug), 50, visitLanding(tenantSlug));
}
