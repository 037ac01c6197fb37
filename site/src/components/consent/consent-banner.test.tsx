import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { AlertDialog } from '../ui/alert-dialog.tsx';
import { Dialog } from '../ui/dialog.tsx';
import ConsentBanner from './consent-banner.tsx';

afterEach(cleanup);

const chosen: string[] = [];

/** The cookie banner on a page with a phone menu (a modal dialog) that can raise an alert of its own. */
function Page() {
  const [alertOpen, setAlertOpen] = useState(false);
  return (
    <>
      <Dialog title="Menu" trigger={<button type="button">Open menu</button>} closeLabel="Close menu">
        <button type="button" onClick={() => setAlertOpen(true)}>
          Send
        </button>
        <AlertDialog title="An error occurred when submitting this form" open={alertOpen} onOpenChange={setAlertOpen} />
      </Dialog>
      <ConsentBanner siteName="Test Motor Group" companies={['Google']} privacyHref={null} current={null} focusOnOpen={false} onChoose={(choice) => chosen.push(choice)} />
    </>
  );
}

describe('the cookie banner while a modal dialog is open', () => {
  test('is inert (no press, focus or reading) under the dialog, and back as it was when the dialog closes', async () => {
    render(<Page />);
    const banner = screen.getByTestId('consent-banner');
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(banner.hasAttribute('inert')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(banner.hasAttribute('inert')).toBe(true);
    expect(accept.closest('[inert]')).toBe(banner);

    // An alert over the menu, then closed: the menu is still open, so the banner stays inert.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(banner.hasAttribute('inert')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(menu.isConnected).toBe(false));
    expect(banner.hasAttribute('inert')).toBe(false);
    // The same banner, unanswered, takes a press again.
    expect(screen.getByTestId('consent-banner')).toBe(banner);
    fireEvent.click(accept);
    expect(chosen).toEqual(['granted']);
  });
});
