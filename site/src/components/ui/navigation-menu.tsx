import {
  cloneElement,
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type Dispatch,
  type PointerEvent as ReactPointerEvent,
  type ReactElement,
  type ReactNode,
  type SetStateAction,
} from 'react';
import styles from './navigation-menu.module.css';

/*
 * The site's main navigation as a disclosure menu (the WAI-ARIA pattern for site navigation):
 * each entry with a panel is a button with aria-expanded that shows or hides the panel right
 * after it, so Tab goes from the button into its links. One panel is open at a time; Escape
 * closes it and puts the focus back on its button; a click outside, focus leaving the menu or
 * following a link closes it; Left and Right move between the top-level entries.
 *
 * Written here rather than with radix NavigationMenu: it is on every page's first download, and
 * radix's (with its collection and layers) cost about 9 KB gzip of the landing JavaScript that
 * this does in a fraction of it, with the same keyboard and screen-reader behaviour.
 */

/**
 * `hover` opens a panel on mouse enter (spec §4 "hover mode opens on mouse enter");
 * `click` opens it only on click, Enter or Space. Keyboard use is the same in both modes.
 */
export type NavOpenMode = 'hover' | 'click';

export interface NavMenuProps {
  label: string;
  openOn?: NavOpenMode;
  className?: string;
  children: ReactNode;
}

interface NavState {
  open: string;
  setOpen: Dispatch<SetStateAction<string>>;
}

const NavContext = createContext<NavState | null>(null);

/** The top-level controls (links and panel buttons), in order, for Left and Right. */
const TOP_LEVEL = '[data-nav-top]';

/** Site navigation bar: a labelled `<nav>` holding a list of items. */
export function NavMenu({ label, openOn = 'hover', className, children }: NavMenuProps) {
  const [open, setOpen] = useState('');
  const rootRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    // Left and Right move between the top-level entries.
    const onArrow = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const target = event.target as HTMLElement;
      if (!target.matches(TOP_LEVEL)) return;
      const controls = [...root.querySelectorAll<HTMLElement>(TOP_LEVEL)];
      const step = event.key === 'ArrowRight' ? 1 : controls.length - 1;
      event.preventDefault();
      controls[(controls.indexOf(target) + step) % controls.length]?.focus();
    };
    // Following a link, or focus leaving the menu, closes the open panel.
    const onLinkClick = (event: MouseEvent) => {
      if ((event.target as Element).closest('a')) setOpen('');
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setOpen('');
    };
    root.addEventListener('keydown', onArrow);
    root.addEventListener('click', onLinkClick);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('keydown', onArrow);
      root.removeEventListener('click', onLinkClick);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  useEffect(() => {
    if (!open) return;
    // A click outside closes it; Escape closes it and gives the focus back to its button.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen('');
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      rootRef.current?.querySelector<HTMLElement>(`[data-nav-panel-button="${open}"]`)?.focus();
      setOpen('');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);
  return (
    <nav ref={rootRef} aria-label={label} className={[styles.root, className].filter(Boolean).join(' ')} data-open-on={openOn}>
      <NavContext value={{ open, setOpen }}>
        <ul className={styles.list}>{children}</ul>
      </NavContext>
    </nav>
  );
}

/** A top-level entry that is a plain link. `children` is the anchor (e.g. an AppLink); it gets the entry's look. */
export function NavMenuLinkItem({ children }: { children: ReactElement<{ className?: string; 'data-nav-top'?: string }> }) {
  return (
    <li className={styles.item}>
      {cloneElement(children, {
        className: [styles.topLink, children.props.className].filter(Boolean).join(' '),
        'data-nav-top': '',
      })}
    </li>
  );
}

export interface NavMenuPanelItemProps {
  label: ReactNode;
  openOn?: NavOpenMode;
  /** `wide` spans the whole bar (mega-menu); `narrow` sits under its trigger. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** Wait before a hover opens (a pointer passing over) or closes (a pointer crossing the gap to the panel). */
const HOVER_OPEN_MS = 80;
const HOVER_CLOSE_MS = 150;

/** A top-level entry that opens a panel of links (dropdown or mega-menu). */
export function NavMenuPanelItem({ label, openOn = 'hover', width = 'narrow', children }: NavMenuPanelItemProps) {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('NavMenuPanelItem must be inside a NavMenu');
  const { open, setOpen } = nav;
  const id = useId();
  const isOpen = open === id;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A click right after a hover opened the panel keeps it open (the shopper meant to open it).
  const hoverOpenedAt = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const hover =
    openOn === 'hover'
      ? {
          onPointerEnter: (event: ReactPointerEvent) => {
            if (event.pointerType !== 'mouse') return;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              hoverOpenedAt.current = Date.now();
              setOpen(id);
            }, HOVER_OPEN_MS);
          },
          onPointerLeave: (event: ReactPointerEvent) => {
            if (event.pointerType !== 'mouse') return;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setOpen((current) => (current === id ? '' : current)), HOVER_CLOSE_MS);
          },
        }
      : {};
  const panelId = `${id}-panel`;
  return (
    <li className={width === 'wide' ? styles.itemWide : styles.item} {...hover}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-state={isOpen ? 'open' : 'closed'}
        data-nav-top=""
        data-nav-panel-button={id}
        onClick={() => {
          clearTimeout(timer.current);
          const justHovered = Date.now() - hoverOpenedAt.current < 500;
          setOpen(isOpen && !justHovered ? '' : id);
        }}
      >
        {label}
        <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" />
        </svg>
      </button>
      <div id={panelId} className={width === 'wide' ? styles.panelWide : styles.panel} hidden={!isOpen}>
        {children}
      </div>
    </li>
  );
}
