// The tenant of the page, read when a component renders (never when a module is imported): the
// server entry imports every route, and the platform hands the tenant in with each request. The
// real site reads it from the router's context; the fixture reads the page's data block.
export function tenantName(): string {
  const block = typeof document === 'undefined' ? null : document.getElementById('fc-tenant');
  return block?.textContent ? (JSON.parse(block.textContent) as { name: string }).name : '';
}
