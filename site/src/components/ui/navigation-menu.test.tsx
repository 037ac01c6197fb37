import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavMenu, NavMenuLinkItem, NavMenuPanelItem, type NavOpenMode } from './navigation-menu.tsx';

afterEach(cleanup);

function Menu({ openOn = 'click' }: { openOn?: NavOpenMode }) {
  return (
    <>
      <NavMenu label="Main" openOn={openOn}>
        <NavMenuLinkItem>
          <a href="/">Home</a>
        </NavMenuLinkItem>
        <NavMenuPanelItem label="Company" openOn={openOn}>
          <a href="/about-us">About Us</a>
          <a href="/contact-us">Contact Us</a>
        </NavMenuPanelItem>
        <NavMenuPanelItem label="Service" openOn={openOn}>
          <a href="/service">Servicing</a>
        </NavMenuPanelItem>
      </NavMenu>
      <p>Page content</p>
    </>
  );
}

describe('NavMenu (disclosure navigation)', () => {
  it('a button shows its panel right after it; Tab goes into it; Escape closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const company = within(nav).getByRole('button', { name: 'Company' });
    expect(company.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByRole('link', { name: 'About Us' })).toBeNull();

    company.focus();
    await user.keyboard('{Enter}');
    expect(company.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(company.getAttribute('aria-controls')!)?.hidden).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'About Us' }));

    await user.keyboard('{Escape}');
    expect(company.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(company);
  });

  it('opens one panel at a time; a click outside closes it', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Company' }));
    await user.click(within(nav).getByRole('button', { name: 'Service' }));
    expect(within(nav).getByRole('button', { name: 'Company' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: 'Servicing' })).toBeTruthy();
    await user.click(screen.getByText('Page content'));
    expect(within(nav).getByRole('button', { name: 'Service' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('following a link closes the menu; clicking the open button again closes it', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const company = within(nav).getByRole('button', { name: 'Company' });
    await user.click(company);
    const about = within(nav).getByRole('link', { name: 'About Us' });
    about.addEventListener('click', (event) => event.preventDefault());
    await user.click(about);
    expect(company.getAttribute('aria-expanded')).toBe('false');
    await user.click(company);
    await user.click(company);
    expect(company.getAttribute('aria-expanded')).toBe('false');
  });

  it('Left and Right move between the top-level entries, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    within(nav).getByRole('link', { name: 'Home' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Company' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Home' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Service' }));
  });

  it('hover mode opens on mouse enter and closes when the mouse leaves; click mode ignores the mouse passing over', async () => {
    render(<Menu openOn="hover" />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const company = within(nav).getByRole('button', { name: 'Company' });
    fireEvent.pointerEnter(company.parentElement!, { pointerType: 'mouse' });
    await expect.poll(() => company.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(company.parentElement!, { pointerType: 'mouse' });
    await expect.poll(() => company.getAttribute('aria-expanded')).toBe('false');
    cleanup();

    render(<Menu openOn="click" />);
    const clickOnly = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Company' });
    // The clock is driven past the hover's opening delay: nothing was waiting to open it.
    vi.useFakeTimers();
    try {
      fireEvent.pointerEnter(clickOnly.parentElement!, { pointerType: 'mouse' });
      act(() => vi.advanceTimersByTime(1000));
      expect(clickOnly.getAttribute('aria-expanded')).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });
});
