import { joinPointer, parsePointer } from '../../../shared/json-locate.ts';
import { fieldId } from '../labels.ts';

/** Scrolls to and focuses the form control for `pointer` (or its closest described ancestor). */
export function revealField(pointer: string): boolean {
  let tokens = parsePointer(pointer);
  for (;;) {
    const el = document.getElementById(fieldId(joinPointer(tokens)));
    if (el) {
      const section = el.closest('details');
      if (section && !section.open) section.open = true;
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
      const box = el.closest('[data-field]') ?? el;
      box.classList.remove('flash');
      void (box as HTMLElement).offsetWidth;
      box.classList.add('flash');
      return true;
    }
    if (tokens.length === 0) return false;
    tokens = tokens.slice(0, -1);
  }
}
