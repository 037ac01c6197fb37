/**
 * Electron main process: one window, the renderer from a privileged custom scheme, and the
 * workspace (editor/core) behind zod-checked IPC. No business logic lives here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, session } from 'electron';
import { createEditorCore, RENDERER_DIR } from '../core/editor-app.ts';
import { APP_ORIGIN, APP_SCHEME, electronCsp, hardenSession, hardenWebContents, registerIpcHandlers, secureWindowOptions } from './security.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

async function main() {
  await app.whenReady();
  const core = await createEditorCore({ log: (l) => console.log(l) });
  void core.prime();
  const previewOrigin = () => core.preview.origin();
  hardenSession(session.defaultSession, previewOrigin);
  app.on('web-contents-created', (_e, contents) => hardenWebContents(contents));

  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const rel = url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname);
    const file = path.resolve(RENDERER_DIR, '.' + rel);
    if (url.host !== 'app' || !file.startsWith(RENDERER_DIR + path.sep)) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      const headers: Record<string, string> = { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' };
      if (file.endsWith('.html')) headers['content-security-policy'] = electronCsp(previewOrigin());
      return new Response(body, { headers });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });

  registerIpcHandlers(ipcMain, core.handlers);

  const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'preload.cjs');
  const win = new BrowserWindow(secureWindowOptions(preload));
  win.once('ready-to-show', () => win.show());
  await win.loadURL(`${APP_ORIGIN}/index.html`);
  console.log(`Editor ready at ${APP_ORIGIN}/index.html`);

  app.on('window-all-closed', () => {
    void core.close().finally(() => app.quit());
  });
}

main().catch((err: unknown) => {
  console.error(err);
  app.exit(1);
});
