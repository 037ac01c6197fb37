import { useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { NavigationMenu as RadixNav } from 'radix-ui';
import styles from './navigation-menu.module.css';

/**
 * `hover` opens a panel on mouse enter (spec §4 "hover mode opens on mouse enter");
 * `click` opens it only on click, Enter or Space. Keyboard users get arrows, Tab, Escape
 * in both modes (radix NavigationMenu).
 */
export type NavOpenMode = 'hover' | 'click';

export interface NavMenuProps {
  label: string;
  openOn?: NavOpenMode;
  className?: string;
  children: ReactNode;
}

// Radix opens on pointer move; cancelling these events is its documented way to make a
// menu click-only without losing keyboard support.
const cancelHover = (event: PointerEvent) => event.preventDefault();

/** Site navigation bar: a labelled `<nav>` holding a list of items. */
export function NavMenu({ label, openOn = 'hover', className, children }: NavMenuProps) {
  const [value, setValue] = useState('');
  const rootRef = useRef<HTMLElement>(null);
  // Radix adds an aria-hidden, focusable "focus proxy" after an open trigger to reach content
  // rendered in a separate viewport. We render content right after its trigger, so Tab reaches
  // it naturally; taking the proxy out of the tab order avoids an aria-hidden-focus failure.
  useLayoutEffect(() => {
    if (!value) return;
    rootRef.current?.querySelectorAll('span[aria-hidden="true"][tabindex="0"]').forEach((proxy) => proxy.setAttribute('tabindex', '-1'));
  }, [value]);
  return (
    <RadixNav.Root
      ref={rootRef}
      value={value}
      onValueChange={setValue}
      aria-label={label}
      className={[styles.root, className].filter(Boolean).join(' ')}
      data-open-on={openOn}
      delayDuration={openOn === 'hover' ? 80 : 0}
    >
      <RadixNav.List className={styles.list}>{children}</RadixNav.List>
    </RadixNav.Root>
  );
}

/** A top-level entry that is a plain link. `link` is the anchor (e.g. an AppLink). */
export function NavMenuLinkItem({ children }: { children: ReactNode }) {
  return (
    <RadixNav.Item className={styles.item}>
      <RadixNav.Link asChild className={styles.topLink}>
        {children}
      </RadixNav.Link>
    </RadixNav.Item>
  );
}

export interface NavMenuPanelItemProps {
  label: ReactNode;
  openOn?: NavOpenMode;
  /** `wide` spans the whole bar (mega-menu); `narrow` sits under its trigger. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** A top-level entry that opens a panel of links (dropdown or mega-menu). */
export function NavMenuPanelItem({ label, openOn = 'hover', width = 'narrow', children }: NavMenuPanelItemProps) {
  const hoverProps = openOn === 'click' ? { onPointerMove: cancelHover, onPointerLeave: cancelHover } : {};
  return (
    <RadixNav.Item className={width === 'wide' ? styles.itemWide : styles.item}>
      <RadixNav.Trigger className={styles.trigger} {...hoverProps}>
        {label}
        <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" />
        </svg>
      </RadixNav.Trigger>
      <RadixNav.Content className={width === 'wide' ? styles.panelWide : styles.panel} {...hoverProps}>
        {children}
      </RadixNav.Content>
    </RadixNav.Item>
  );
}

/** A link inside a panel; closes the menu when followed. */
export function NavMenuPanelLink({ children }: { children: ReactNode }) {
  return <RadixNav.Link asChild>{children}</RadixNav.Link>;
}
