import type { BuildReportView, EditorIssue, PreviewPage, WorkspaceHandlers } from '../shared/workspace-api.ts';
import { hashText } from './atomic-write.ts';
import type { RecoveryStore } from './recovery.ts';
import { readAssetThumbnail, storeLogo } from './tenant-assets.ts';
import { WorkspaceError, type Workspace } from './workspace.ts';
import { applyNewTenantSetup, type PostcodePlace } from '../shared/new-tenant.ts';

/** Validates one tenant's text in the context of the other tenants (the shared validator). */
export interface EditorValidator {
  validate(slug: string, text: string): Promise<EditorIssue[]>;
}

/** The live preview: a dev server of the site whose tenant config follows the editor text. */
export interface PreviewService {
  status(session?: string): { state: 'starting' | 'ready' | 'error' | 'unavailable'; step?: string; url?: string; message?: string; pages: PreviewPage[]; slug?: string; mine?: boolean };
  update(slug: string, text: string, session: string): Promise<{ applied: boolean; version: number; reason?: string; shown: 'this' | 'last-valid' | 'placeholder'; pages: PreviewPage[] }>;
}

/** Runs per-tenant production builds as background jobs with progress events. */
export interface BuildService {
  start(slug: string): string;
  status(jobId: string, since: number): {
    state: 'running' | 'done' | 'failed';
    events: { seq: number; at: number; phase: 'queued' | 'validate' | 'bundle' | 'write' | 'report' | 'done' | 'failed'; message: string; progress?: number }[];
    report?: BuildReportView;
    error?: string;
  };
}

/** The offline postcode table (server/postcodes, handed in by scripts/: editor/ may not import server/). */
export type PostcodeLookup = (postcode: string) => PostcodePlace | undefined;

export interface HandlerDeps {
  postcodes?: PostcodeLookup;
  workspace: Workspace;
  recovery: RecoveryStore;
  validator: EditorValidator;
  preview: PreviewService;
  builds: BuildService;
}

/**
 * The workspace behind the typed interface: one function per channel, shared by the Electron IPC
 * handlers and the browser-mode HTTP bridge. Requests arrive already parsed by zod.
 */
export function createWorkspaceHandlers(deps: HandlerDeps): WorkspaceHandlers {
  const { workspace, recovery, validator, preview, builds } = deps;
  return {
    async listTenants({ validate = true }) {
      const files = await workspace.readAll();
      const tenants = await Promise.all(
        files.map(async (f) => {
          const issues = validate ? await validator.validate(f.slug, f.text) : undefined;
          let name: string | undefined;
          try {
            const doc = JSON.parse(f.text) as { name?: unknown };
            if (typeof doc.name === 'string') name = doc.name;
          } catch {
            /* invalid JSON shows as an error count */
          }
          return {
            slug: f.slug,
            ...(name !== undefined ? { name } : {}),
            ...(issues
              ? { errors: issues.filter((i) => i.severity === 'error').length, warnings: issues.filter((i) => i.severity === 'warning').length }
              : {}),
          };
        }),
      );
      return { tenants };
    },
    async listTemplates() {
      return { templates: workspace.templates.map(({ id, label, description }) => ({ id, label, description })) };
    },
    async openTenant({ slug }) {
      return workspace.open(slug);
    },
    async createTenant({ slug, name, from, setup, siteUrl }) {
      let fill: ((doc: Record<string, unknown>) => Record<string, unknown>) | undefined;
      if (setup) {
        const place = deps.postcodes?.(setup.location.postcode);
        if (!place) throw new WorkspaceError(`location.postcode: ${setup.location.postcode} is not a known Australian postcode`);
        const second = setup.secondLocation;
        const secondPlace = second ? deps.postcodes?.(second.postcode) : undefined;
        if (second && !secondPlace) throw new WorkspaceError(`secondLocation.postcode: ${second.postcode} is not a known Australian postcode`);
        if (setup.primary === 'second' && !second) throw new WorkspaceError('primary: the second location is chosen as primary but none is given');
        fill = (doc) => applyNewTenantSetup(doc, slug, setup, place, secondPlace);
      } else if (siteUrl) fill = (doc) => ({ ...doc, siteUrl });
      await workspace.create(slug, name, from, fill);
      return { slug };
    },
    async lookupPostcode({ postcode }) {
      const place = deps.postcodes?.(postcode);
      return { available: !!deps.postcodes, ...(place ? { place } : {}) };
    },
    async renameTenant({ from, to }) {
      await workspace.rename(from, to);
      await recovery.discard(from);
      return { slug: to };
    },
    async deleteTenant({ slug }) {
      await workspace.delete(slug);
      await recovery.discard(slug);
      return { deleted: slug };
    },
    async saveTenant({ slug, text, baseHash, overwrite }) {
      const result = await workspace.save(slug, text, baseHash, overwrite);
      if (result.status === 'saved') await recovery.discard(slug);
      return result;
    },
    async checkDisk({ slug, baseHash }) {
      return workspace.checkDisk(slug, baseHash);
    },
    async validate({ slug, text }) {
      const t0 = performance.now();
      const issues = await validator.validate(slug, text);
      return { issues, durationMs: performance.now() - t0 };
    },
    async saveDraft({ slug, text, baseHash }) {
      // A draft equal to the saved file is not unsaved work.
      const disk = await workspace.checkDisk(slug, baseHash);
      if (disk.status === 'unchanged' && baseHash === hashText(text)) await recovery.discard(slug);
      else await recovery.save(slug, text, baseHash);
      return { ok: true as const };
    },
    async listDrafts() {
      return { drafts: await recovery.list() };
    },
    async discardDraft({ slug }) {
      await recovery.discard(slug);
      return { ok: true as const };
    },
    async previewStatus({ session }) {
      return preview.status(session);
    },
    async previewUpdate({ slug, text, session }) {
      return preview.update(slug, text, session);
    },
    async uploadLogo({ slug, dataBase64 }) {
      return storeLogo(workspace.tenantsDir, slug, Buffer.from(dataBase64, 'base64'));
    },
    async assetThumbnail({ slug, src }) {
      return { thumbnail: await readAssetThumbnail(workspace.tenantsDir, slug, src) };
    },
    async startBuild({ slug }) {
      await workspace.open(slug);
      return { jobId: builds.start(slug) };
    },
    async buildStatus({ jobId, since }) {
      return builds.status(jobId, since);
    },
  };
}
