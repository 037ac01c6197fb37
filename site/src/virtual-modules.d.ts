// Modules provided by the build (build/plugins/tenant-config.ts) and the editor preview.
declare module 'virtual:tenant-config' {
  import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
  const tenant: ResolvedTenant;
  export default tenant;
  /** In the editor's preview: which edit of the config this is, and the message that reports it to the preview server. */
  export const liveConfig: { version: number; event: string } | undefined;
}

/**
 * True in a bundle that reads its feature switches at run time (`globalThis.__FC_FEATURES__`, set
 * by the page before any module runs) instead of having them compiled in: the platform's stand-in
 * bundle while a tenant's own builds (build/vite-config.ts, mode `runtime`). Defined by the build.
 */
// oxlint-disable-next-line no-underscore-dangle -- a build constant, named like the feature switches' constants
declare const __FC_RUNTIME_FEATURES__: boolean;
