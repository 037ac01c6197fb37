import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { SchemaNode } from '../../../shared/schema-walk.ts';
import { FormView } from './form-view.tsx';

// The unread list holds whatever the code does not read yet (it may be empty): this test gives
// the form a list of its own, so the mark is checked whatever the real list holds.
vi.mock('../../../../schema/unread-settings.json', () => ({ default: ['features.chat'] }));

const schema: SchemaNode = {
  type: 'object',
  properties: {
    features: {
      type: 'object',
      properties: {
        chat: { type: 'boolean', default: false, description: 'Chat assistant.' },
        compare: { type: 'boolean', default: true, description: 'Compare control.' },
      },
    },
  },
};

afterEach(cleanup);

/** The text of the elements a control is described by. */
function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

it('marks a setting no code reads "Not used by the site yet", describes the field with it, and leaves read settings unmarked', () => {
  render(<FormView schema={schema} text={JSON.stringify({ features: { chat: false, compare: true } })} issues={[]} onChange={() => {}} />);

  expect(description(screen.getByRole('switch', { name: 'Chat' }))).toContain('Not used by the site yet');
  expect(description(screen.getByRole('switch', { name: 'Compare' }))).not.toContain('Not used by the site yet');
  expect(screen.getAllByText('Not used by the site yet')).toHaveLength(1);
});
