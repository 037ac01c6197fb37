import { useRef, type MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useLeadsToPage } from '../../app/route-exists.ts';
import { classifyHref } from '../../domain/links.ts';
import { OffSiteAnchor, type AppLinkProps } from './app-link.tsx';

/** Whether a click is the browser's to handle: a modified or non-primary click, or another target. */
function browserHandles(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || Boolean(target && target !== '_self');
}

/**
 * The link for the many links of a results grid (a search page renders ~130: each card's
 * photo, title and actions). Same page check, client-side navigation and preload on intent as
 * `AppLink`, with the href written as given, but without the router's per-link work: the
 * router's Link works out its location and whether it is the current page when it renders and
 * again on every navigation, ~0.2 ms a link on a desktop, four times that on a phone, and all of
 * it while the page hydrates. A card never links to the page it is on, so it has no current state.
 */
export function CardLink({ href, children, ref, onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...rest }: AppLinkProps) {
  const router = useRouter();
  const leadsToPage = useLeadsToPage();
  const preloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const target = classifyHref(href);
  if (target.kind === 'internal' && !leadsToPage(href)) return null;
  if (target.kind !== 'internal') {
    return (
      <OffSiteAnchor destination={target} ref={ref} {...{ onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart }} {...rest}>
        {children}
      </OffSiteAnchor>
    );
  }

  const intent = router.options.defaultPreload === 'intent';
  const preload = () => {
    // A preload that fails leaves the page to load when the shopper navigates.
    router.preloadRoute({ href } as never).catch(() => {});
  };
  const schedulePreload = () => {
    if (!intent || preloadTimer.current) return;
    preloadTimer.current = setTimeout(() => {
      preloadTimer.current = undefined;
      preload();
    }, router.options.defaultPreloadDelay ?? 50);
  };
  const cancelPreload = () => {
    clearTimeout(preloadTimer.current);
    preloadTimer.current = undefined;
  };
  return (
    <a
      {...rest}
      href={href}
      ref={ref}
      onClick={(event) => {
        onClick?.(event);
        if (browserHandles(event)) return;
        event.preventDefault();
        cancelPreload();
        void router.navigate({ href } as never);
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        schedulePreload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        schedulePreload();
      }}
      onMouseLeave={(event) => {
        onMouseLeave?.(event);
        cancelPreload();
      }}
      onBlur={(event) => {
        onBlur?.(event);
        cancelPreload();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        if (intent) preload();
      }}
    >
      {children}
    </a>
  );
}
