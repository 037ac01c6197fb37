import type { WorkspaceApi } from '../../shared/workspace-api.ts';
import { createWorkspaceClient, type Channel } from '../../shared/workspace-client.ts';

/** What the Electron preload exposes: one function per channel (editor/preload/preload.ts). */
type PreloadBridge = Record<Channel, (request: unknown) => Promise<unknown>>;

declare global {
  interface Window {
    forecourtEditor?: PreloadBridge;
  }
}

const TOKEN_KEY = 'forecourt-editor-token';

/** Reads the bridge token from the URL fragment once, then keeps it for reloads of this tab only. */
function takeToken(): string | undefined {
  const m = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (m) {
    sessionStorage.setItem(TOKEN_KEY, m[1]!);
    // Drop the secret from the address bar and history.
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return m[1];
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

/** Error from the workspace, carrying the message written for staff. */
export class WorkspaceCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The workspace client for this window: Electron IPC through the preload when present, otherwise
 * the localhost HTTP bridge of browser mode. Both are the same typed interface.
 */
export function connectWorkspace(): WorkspaceApi {
  const bridge = window.forecourtEditor;
  if (bridge) return createWorkspaceClient((channel, request) => bridge[channel](request));
  const token = takeToken();
  return createWorkspaceClient(async (channel, request) => {
    if (!token) throw new WorkspaceCallError('This editor link has no access token. Open the URL printed by "npm run editor".', 401);
    const res = await fetch(`./api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(request),
    });
    const body = (await res.json().catch(() => ({ error: res.statusText }))) as { error?: string };
    if (!res.ok) throw new WorkspaceCallError(body.error ?? `request failed (${res.status})`, res.status);
    return body;
  });
}
