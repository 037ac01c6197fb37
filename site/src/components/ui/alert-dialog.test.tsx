import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { AlertDialog } from './alert-dialog.tsx';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={(event) => {
          setOpener(event.currentTarget);
          setOpen(true);
        }}
      >
        Send
      </button>
      <AlertDialog title="An error occurred when submitting this form" description="Email: Please enter a valid email address." open={open} onOpenChange={setOpen} returnFocusTo={opener} />
    </>
  );
}

it('is an alert dialog named by its text, takes focus, and gives it back to the given element when acknowledged', async () => {
  render(<Harness />);
  const send = screen.getByRole('button', { name: 'Send' });
  send.focus();
  fireEvent.click(send);
  const alert = await screen.findByRole('alertdialog', { name: 'An error occurred when submitting this form' });
  expect(document.getElementById(alert.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Email: Please enter a valid email address.');
  const ok = screen.getByRole('button', { name: 'OK' });
  await waitFor(() => expect(document.activeElement).toBe(ok));
  fireEvent.click(ok);
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(send));
});

it('without a description it names no description', async () => {
  render(<AlertDialog title="An unexpected error occured" open onOpenChange={() => undefined} />);
  const alert = await screen.findByRole('alertdialog', { name: 'An unexpected error occured' });
  expect(alert.hasAttribute('aria-describedby')).toBe(false);
});
