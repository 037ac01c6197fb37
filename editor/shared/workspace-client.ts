/**
 * The renderer's side of the workspace interface, without zod: the trusted side (the browser-mode
 * bridge and Electron's IPC handlers) parses every request and every response with the channel's
 * zod schemas (`workspace-api.ts`, `answerChannel`), so the renderer gets only answers that passed
 * them and needs none of that code — the editor's first download stays small.
 */
import type { WorkspaceApi } from './workspace-api.ts';

/** Every channel of the workspace interface (`workspace-api.ts` checks this list against its schemas). */
export const CHANNEL_NAMES = [
  'listTenants',
  'listTemplates',
  'openTenant',
  'createTenant',
  'lookupPostcode',
  'renameTenant',
  'deleteTenant',
  'saveTenant',
  'checkDisk',
  'validate',
  'saveDraft',
  'listDrafts',
  'discardDraft',
  'previewStatus',
  'previewUpdate',
  'uploadLogo',
  'assetThumbnail',
  'startBuild',
  'buildStatus',
] as const;

/** Prefix of every Electron IPC channel name. */
export const IPC_PREFIX = 'forecourt-editor:';

/** A channel of the workspace interface. */
export type Channel = (typeof CHANNEL_NAMES)[number];

/** Builds a WorkspaceApi over any transport (IPC invoke or HTTP POST) whose answers the trusted side has checked. */
export function createWorkspaceClient(invoke: (channel: Channel, request: unknown) => Promise<unknown>): WorkspaceApi {
  const api = {} as Record<Channel, (req: unknown) => Promise<unknown>>;
  for (const name of CHANNEL_NAMES) api[name] = (req: unknown) => invoke(name, req);
  return api as unknown as WorkspaceApi;
}
