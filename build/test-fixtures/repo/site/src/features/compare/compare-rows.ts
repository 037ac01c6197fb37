export function compareRows(labels: string[]): Array<{ key: string; label: string }> {
  return labels.map((label) => ({ key: label.toLowerCase().replace(/\s+/g, '-'), label: `FIXTURE_COMPARE_ROW ${label}` }));
}
