/*
 * The vehicle page's sections open and close (spec §4 "Collapsible sections open/close and may
 * persist state"). Every section starts open; where the tenant remembers the state, the sections
 * a shopper closed are kept on their device and stay closed on the next car they look at.
 */

/** The most section ids kept (a page has about fifteen sections; anything past this is not ours). */
export const CLOSED_SECTIONS_MAX = 40;
const SECTION_ID = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * The closed sections read back from the device: a list of section ids, with anything else
 * (an old format, a hand-edited value, duplicates) dropped, so a bad value never breaks the page.
 * @param raw the stored value, parsed from JSON (null when nothing is stored)
 */
export function closedSections(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const ids = raw.filter((id): id is string => typeof id === 'string' && SECTION_ID.test(id));
  return [...new Set(ids)].slice(0, CLOSED_SECTIONS_MAX);
}

/**
 * The closed sections after the shopper opens or closes one.
 * @param closed the sections closed so far
 * @param id the section's id
 * @param open whether the section is now open
 */
export function withSectionOpen(closed: readonly string[], id: string, open: boolean): string[] {
  const others = closed.filter((other) => other !== id);
  return open ? others : closedSections([id, ...others]);
}

/**
 * Whether a section is open: every section is, unless the shopper closed it, or the page was
 * opened at the section's own anchor (a link to #finance-calculator shows the calculator).
 * @param closed the sections closed
 * @param id the section's id
 * @param hash the page address's fragment, with or without its '#'
 */
export function sectionOpen(closed: readonly string[], id: string, hash = ''): boolean {
  return hash.replace(/^#/, '') === id || !closed.includes(id);
}
