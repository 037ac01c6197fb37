import type { Draft, Res, TenantSummary, WorkspaceApi } from '../../shared/workspace-api.ts';

/** What the editor's first screen shows: the tenant list, the templates, recovered drafts and the preview's state. */
export interface FirstScreen {
  tenants: TenantSummary[];
  templates: Res<'listTemplates'>['templates'];
  drafts: Draft[];
  preview: Res<'previewStatus'>;
}

/**
 * Asks the workspace for the first screen's answers. The editor's entry calls it before the rest
 * of the editor's code has downloaded, so the workspace answers while the browser compiles it.
 * The tenant names come without problem counts (those follow once the validator is warm).
 */
export async function askFirstScreen(api: WorkspaceApi, session: string): Promise<FirstScreen> {
  const [tenants, templates, drafts, preview] = await Promise.all([api.listTenants({ validate: false }), api.listTemplates({}), api.listDrafts({}), api.previewStatus({ session })]);
  return { tenants: tenants.tenants, templates: templates.templates, drafts: drafts.drafts, preview };
}
