import type { BrowserWindowConstructorOptions, IpcMain, IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { answerChannel, channelNames, IPC_PREFIX, type WorkspaceHandlers } from '../shared/workspace-api.ts';

/** The renderer is served from this privileged custom scheme, never from file:// or the network. */
export const APP_SCHEME = 'forecourt-editor';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

/**
 * Window options that hold Electron's security checklist: isolated, sandboxed renderer without
 * Node, web security on, no webviews, no insecure content.
 */
export function secureWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1480,
    height: 940,
    minWidth: 1100,
    minHeight: 640,
    title: 'Forecourt editor',
    backgroundColor: '#f4f5f7',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  };
}

/** Content-Security-Policy of the editor page under Electron: the same policy as the browser bridge. */
export { editorCsp as electronCsp } from '../shared/csp.ts';

/** Only the editor's own top-level page may call the workspace. */
export function isTrustedSender(frameUrl: string | undefined): boolean {
  if (!frameUrl) return false;
  try {
    const u = new URL(frameUrl);
    return u.protocol === `${APP_SCHEME}:` && u.host === 'app';
  } catch {
    return false;
  }
}

/**
 * Registers one ipcMain handler per channel. Each checks the sending frame (not just the
 * window: a framed preview page must not reach the workspace) and parses the payload with the
 * channel's zod schema before the workspace sees it.
 */
export function registerIpcHandlers(ipcMain: Pick<IpcMain, 'handle'>, handlers: WorkspaceHandlers): void {
  for (const channel of channelNames) {
    ipcMain.handle(IPC_PREFIX + channel, async (event: IpcMainInvokeEvent, payload: unknown) => {
      const frame = event.senderFrame;
      if (!frame || !isTrustedSender(frame.url) || frame.parent !== null) {
        throw new Error(`${channel}: refused a call from an untrusted frame`);
      }
      return answerChannel(handlers, channel, payload);
    });
  }
}

/** Whether a URL may be loaded at all: the app itself, the local preview, and inline data. */
export function isAllowedUrl(url: string, previewOrigin: string | undefined): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`) || url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('devtools:')) return true;
  if (!previewOrigin) return false;
  const preview = new URL(previewOrigin);
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'ws:') && u.host === preview.host;
  } catch {
    return false;
  }
}

/** No navigation away from the app, no new windows, no webviews. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** No remote content and no permissions: every request outside the app and the preview is cancelled. */
export function hardenSession(ses: Session, previewOrigin: () => string | undefined): void {
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedUrl(details.url, previewOrigin()) });
  });
}
