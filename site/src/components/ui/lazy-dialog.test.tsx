import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { DialogOnDemand } from './lazy-dialog.tsx';

afterEach(cleanup);

const dialog = (
  <DialogOnDemand
    title="Holiday Hours — Range Road Kia"
    trigger={
      <button type="button" className="holiday">
        View Holiday Hours
      </button>
    }
  >
    <p>Christmas Day: Closed</p>
  </DialogOnDemand>
);

it('renders only its trigger on the server, marked as opening a dialog', () => {
  const html = renderToString(dialog);
  expect(html).toContain('View Holiday Hours');
  expect(html).toContain('aria-haspopup="dialog"');
  expect(html).toContain('aria-expanded="false"');
  expect(html).not.toContain('Christmas Day');
});

it('opens on a click once its code has loaded, and gives focus back to the trigger on closing', async () => {
  render(dialog);
  const trigger = screen.getByRole('button', { name: 'View Holiday Hours' });
  expect(screen.queryByRole('dialog')).toBeNull();
  trigger.focus();
  fireEvent.click(trigger);
  // The dialog's code loads on the first click: a busy machine can take more than the default second.
  const opened = await screen.findByRole('dialog', { name: 'Holiday Hours — Range Road Kia' }, { timeout: 10_000 });
  expect(opened.textContent).toContain('Christmas Day: Closed');
  expect(trigger.getAttribute('aria-expanded')).toBe('true');
  fireEvent.keyDown(opened, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(document.activeElement).toBe(trigger);
  expect(trigger.getAttribute('aria-expanded')).toBe('false');
});
