/*
 * The label a form shows for one of its fields, read from the form itself, so a refusal can name
 * the field in the form's own words whatever the form or tenant calls it.
 */

/**
 * The visible label of the control named `name` in `form`: its <label>, the <legend> of a
 * group of controls sharing the name (radio buttons, a checkbox group), or its aria-label; undefined when the form shows no such field (a hidden input, a
 * field the server checks but the shopper never sees).
 * @param form the form
 * @param name the control's name (the payload field the server refused)
 */
export function formFieldLabel(form: HTMLFormElement, name: string): string | undefined {
  const item = form.elements.namedItem(name);
  const control = item instanceof RadioNodeList ? item[0] : item;
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement)) return undefined;
  if (control instanceof HTMLInputElement && control.type === 'hidden') return undefined;
  // A group's name is its fieldset's legend, not its first option's label.
  const legend = item instanceof RadioNodeList || (control instanceof HTMLInputElement && control.type === 'radio') ? control.closest('fieldset')?.querySelector('legend') : null;
  const text = legend?.textContent ?? control.labels?.[0]?.textContent ?? control.getAttribute('aria-label') ?? '';
  return text.trim() === '' ? undefined : text;
}
