import type { TenantRequest } from './deps.ts';
import { guardHeaders } from './respond.ts';

/*
 * The group's other sites: a link of `routes.groupSiteLinks` that gives the group site's own
 * address makes its path on this site (e.g. /twg-cars) a redirect to that address. The address
 * comes from the tenant file (the schema allows only https addresses), never from the request.
 * Only where the tenant has the group-site links switched on, and only for GET and HEAD.
 */

/** Answers a GET or HEAD of a group-site link's path with a redirect to its address; false when the path is not one. */
export function answerGroupSiteLink(request: TenantRequest): boolean {
  const { req, res, tenant, pathname } = request;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const config = tenant.config;
  if (!config.features.groupSiteLinks) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const link = config.routes.groupSiteLinks.find((l) => l.address !== undefined && l.href.replace(/\/+$/, '') === path);
  if (!link?.address) return false;
  // 302: onboarding staff may point the path at another address later; browsers must not keep it.
  res.writeHead(302, { ...guardHeaders(req, 'html'), Location: link.address, 'Cache-Control': 'no-cache', 'Content-Length': '0' });
  res.end();
  return true;
}
