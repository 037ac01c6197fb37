export { humanize } from '../../shared/setting-label.ts';

/** DOM id of the form control for a JSON pointer (stable, valid in CSS selectors after escaping). */
export function fieldId(pointer: string): string {
  return 'fld' + pointer.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`);
}
