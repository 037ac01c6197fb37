import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from '@tanstack/react-router';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { classifyHref } from '../../domain/links.ts';

/**
 * The router writes search values as JSON, so a string that reads as a number or boolean
 * ('516', 'true') would come out quoted (`car_id=%22516%22`). The router reads `?car_id=516`
 * back as the number 516, so such strings are handed over as the values they spell.
 */
function routerSearch(search: Record<string, string>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(search)) {
    out[key] = /^-?(0|[1-9]\d*)(\.\d+)?$/.test(value) && Number.isSafeInteger(Math.trunc(Number(value))) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value;
  }
  return out;
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Config-driven href: '/path?query#hash' for this site, or an absolute URL. */
  href: string;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * Link for hrefs that come from tenant config (navigation, footer, content) and cards. Internal
 * paths go through the router (client-side navigation, preload on intent, aria-current on the
 * active page); absolute URLs to other sites open as plain links. A path that does not lead to
 * a page of this tenant (no such route, or a page the tenant does not have) renders nothing:
 * lists drop such links first (domain/navigation.ts), and this is the last guard for the rest.
 */
export function AppLink({ href, children, ref, ...rest }: AppLinkProps) {
  const leadsToPage = useLeadsToPage();
  const target = classifyHref(href);
  if (target.kind === 'internal' && !leadsToPage(href)) return null;
  if (target.kind !== 'internal') {
    // Another site (a new tab gets no opener) or a file of this one: a plain anchor.
    const newTab = target.kind === 'external' && rest.target === '_blank';
    return (
      <a href={target.href} ref={ref} rel={newTab ? 'noopener noreferrer' : undefined} {...rest}>
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
      search={routerSearch(target.search) as never}
      hash={target.hash || undefined}
      activeProps={{ 'aria-current': 'page' }}
      activeOptions={{ exact: target.pathname === '/', includeSearch: false }}
    >
      {children}
    </Link>
  );
}
