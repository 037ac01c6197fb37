/** "similarCarsLayout" → "Similar cars layout"; keeps acronyms readable ("platformApiBaseUrl" → "Platform API base URL"). */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  const acronyms = new Set(['api', 'url', 'id', 'js', 'css', 'seo', 'abn', 'gst', 'sms', 'faq', 'vin', 'rego', 'utm']);
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (acronyms.has(lower) && lower !== 'rego') return lower.toUpperCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** DOM id of the form control for a JSON pointer (stable, valid in CSS selectors after escaping). */
export function fieldId(pointer: string): string {
  return 'fld' + pointer.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`);
}
