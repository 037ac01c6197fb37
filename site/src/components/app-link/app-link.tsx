import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from '@tanstack/react-router';
import { classifyHref } from '../../domain/links.ts';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Config-driven href: '/path?query#hash' for this site, or an absolute URL. */
  href: string;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * Link for hrefs that come from tenant config (navigation, footer, content). Internal paths
 * go through the router (client-side navigation, preload on intent, aria-current on the
 * active page); absolute URLs to other sites open as plain links. Routes of later issues
 * that do not exist yet land on the not-found page, never a broken one.
 */
export function AppLink({ href, children, ref, ...rest }: AppLinkProps) {
  const target = classifyHref(href);
  if (target.kind === 'external') {
    const newTab = rest.target === '_blank';
    return (
      <a href={target.href} ref={ref} rel={newTab ? 'noopener noreferrer' : undefined} {...rest}>
        {children}
      </a>
    );
  }
  if (target.kind === 'document') {
    return (
      <a href={target.href} ref={ref} {...rest}>
        {children}
      </a>
    );
  }
  return (
    // The router's `to` is typed to known routes; config hrefs are data, so they are passed
    // through untyped here, in this one place.
    <Link
      {...(rest as object)}
      ref={ref}
      to={target.pathname as '/'}
      search={target.search as never}
      hash={target.hash || undefined}
      activeProps={{ 'aria-current': 'page' }}
      activeOptions={{ exact: target.pathname === '/', includeSearch: false }}
    >
      {children}
    </Link>
  );
}
