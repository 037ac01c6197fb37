// Modules provided by the build (build/plugins/tenant-config.ts) and the editor preview.
declare module 'virtual:tenant-config' {
  import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
  const tenant: ResolvedTenant;
  export default tenant;
}
