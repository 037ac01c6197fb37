import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBridgeServer, type BridgeServer } from './bridge-server.ts';
import { BuildRunner } from './build-runner.ts';
import { startDemoDataServer } from './demo-data.ts';
import { createWorkspaceHandlers, type PostcodeLookup } from './handlers.ts';
import { LivePreview, type DemoDataServer } from './preview-server.ts';
import { RecoveryStore } from './recovery.ts';
import { schemaTemplates } from './templates.ts';
import { SharedValidator } from './validation.ts';
import { Workspace } from './workspace.ts';
import { answerChannel, type WorkspaceHandlers } from '../shared/workspace-api.ts';

/** Repository root (editor/core → ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built renderer (editor/vite.config.ts builds it here). */
export const RENDERER_DIR = path.join(REPO_ROOT, '.cache', 'editor-renderer');

export interface EditorCoreOptions {
  tenantsDir?: string;
  /** Autosaved drafts of unsaved work (crash recovery). */
  recoveryDir?: string;
  /** Deleted tenants are moved here. */
  trashDir?: string;
  distDir?: string;
  previewPort?: number;
  /** Starts the embedded platform server for preview data; default: server/ of this repo; null: none. */
  startDataServer?: (() => Promise<DemoDataServer>) | null;
  /** Repository whose site/ the preview serves (tests point it at a fixture); default this one. */
  previewRepoRoot?: string;
  /** Database folder of the preview's embedded server. */
  previewDataDir?: string;
  log?: (line: string) => void;
  /** Postcode → place for the new-tenant flow (scripts/ hands in server/postcodes). */
  postcodes?: PostcodeLookup;
}

export interface EditorCore {
  handlers: WorkspaceHandlers;
  /** Loads the validator and starts the preview with the first tenant, after the editor is up. */
  warm(): Promise<void>;
  /** Resolves once a window has been given the tenant list: the editor is on screen, warming may start. */
  firstList: Promise<void>;
  /**
   * Answers the first screen's calls once, unasked, while the window is still loading: the first
   * real answers then come from code that has already run (files read, checks compiled).
   */
  prime(): Promise<void>;
  preview: LivePreview;
  workspace: Workspace;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the preview's port must be known before the editor page loads, for its CSP). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Wires the workspace services together; shared by Electron main and the browser-mode bridge. */
export async function createEditorCore(options: EditorCoreOptions = {}): Promise<EditorCore> {
  const tenantsDir = options.tenantsDir ?? path.join(REPO_ROOT, 'tenants');
  const dataDir = path.join(REPO_ROOT, '.data', 'editor');
  const workspace = new Workspace(tenantsDir, options.trashDir ?? path.join(dataDir, 'trash'), schemaTemplates());
  const recovery = new RecoveryStore(options.recoveryDir ?? path.join(dataDir, 'recovery'));
  const validator = new SharedValidator(workspace);
  const preview = new LivePreview({
    resolveText: (slug, text) => validator.resolve(slug, text),
    ...(options.startDataServer === null
      ? {}
      : {
          startDataServer:
            options.startDataServer ??
            (() => startDemoDataServer({ tenantsDir, dataDir: options.previewDataDir ?? path.join(dataDir, 'preview-data'), ...(options.log ? { log: options.log } : {}) })),
        }),
    tenantsDir,
    port: options.previewPort ?? (await freePort()),
    ...(options.previewRepoRoot ? { repoRoot: options.previewRepoRoot } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const builds = new BuildRunner({ tenantsDir, distDir: options.distDir ?? path.join(REPO_ROOT, 'dist') });
  const base = createWorkspaceHandlers({ workspace, recovery, validator, preview, builds, ...(options.postcodes ? { postcodes: options.postcodes } : {}) });
  // Writes change what cross-tenant rules see; drop the validator's cache after each.
  let listed: (() => void) | undefined;
  const firstList = new Promise<void>((resolve) => (listed = resolve));
  const handlers: WorkspaceHandlers = {
    ...base,
    listTenants: async (r) => {
      const out = await base.listTenants(r);
      listed?.();
      return out;
    },
    saveTenant: async (r) => {
      const out = await base.saveTenant(r);
      validator.invalidate();
      return out;
    },
    createTenant: async (r) => {
      const out = await base.createTenant(r);
      validator.invalidate();
      return out;
    },
    renameTenant: async (r) => {
      const out = await base.renameTenant(r);
      validator.invalidate();
      return out;
    },
    deleteTenant: async (r) => {
      const out = await base.deleteTenant(r);
      validator.invalidate();
      return out;
    },
  };
  const warm = async () => {
    await validator.warm();
    const first = (await workspace.listSlugs())[0];
    if (first) await preview.warm(first, (await workspace.open(first)).text);
  };
  const prime = async () => {
    await Promise.all([
      answerChannel(base, 'listTenants', { validate: false }),
      answerChannel(base, 'listTemplates', {}),
      answerChannel(base, 'listDrafts', {}),
      answerChannel(base, 'previewStatus', {}),
    ]).catch(() => undefined);
  };
  return { handlers, preview, workspace, warm, firstList, prime, close: () => preview.close() };
}

/** Browser mode: the core plus the token-protected localhost bridge serving the renderer. */
export async function startBrowserEditor(options: EditorCoreOptions & { port?: number; staticDir?: string; token?: string } = {}): Promise<{
  bridge: BridgeServer;
  core: EditorCore;
  close(): Promise<void>;
}> {
  const core = await createEditorCore(options);
  const bridge = await startBridgeServer({
    handlers: core.handlers,
    staticDir: options.staticDir ?? RENDERER_DIR,
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.token ? { token: options.token } : {}),
    frameOrigin: () => core.preview.origin(),
  });
  return {
    bridge,
    core,
    async close() {
      await bridge.close();
      await core.close();
    },
  };
}
