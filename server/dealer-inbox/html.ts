/*
 * HTML written on the server with every interpolated value escaped: `html` is a tagged template
 * whose strings are markup and whose values are text, unless they are already `Html` (a nested
 * template) or an array of them. Nothing a shopper typed can become markup.
 */

/** Markup that is safe to write as it is. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML content and quoted attribute values.
 * @param text any text
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A value a template may interpolate. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The tagged template: `html\`<p>${name}</p>\`` escapes `name`.
 * @param strings the template's markup
 * @param values the interpolated values
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/**
 * A style sheet's text as the content of a `<style>` element: written as it is (HTML escaping
 * would turn a font's quoted name into `&quot;`, which CSS does not read, and the browser would
 * drop the whole font list), except `<`, written as CSS's own escape so no `</style>` can end
 * the element early.
 * @param css the style sheet
 */
export function styleSheet(css: string): Html {
  return new Html(css.replace(/</g, '\\3c '));
}
