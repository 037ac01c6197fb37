import { createElement } from 'react';
import { compareRows } from './compare-rows.ts';

export function ComparePage() {
  return createElement(
    'table',
    { 'aria-label': 'Compare cars' },
    createElement('tbody', null, ...compareRows(['Price', 'Kilometres', 'Year']).map((row) => createElement('tr', { key: row.key }, createElement('th', { scope: 'row' }, row.label)))),
  );
}
