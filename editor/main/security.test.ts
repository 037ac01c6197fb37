import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron's binary never runs here; the module is mocked so the checklist can be asserted.
const electron = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
  const windows: { options: Record<string, unknown>; url?: string; contents: unknown }[] = [];
  return { handlers, windows };
});
vi.mock('electron', () => {
  class BrowserWindow {
    webContents = new EventEmitter();
    constructor(public options: Record<string, unknown>) {
      electron.windows.push({ options, contents: this.webContents });
    }
    once() {}
    show() {}
    async loadURL(url: string) {
      electron.windows[electron.windows.length - 1]!.url = url;
    }
  }
  const session = { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), webRequest: { onBeforeRequest: vi.fn() } } };
  return {
    app: { whenReady: () => new Promise(() => undefined), on: vi.fn(), quit: vi.fn(), exit: vi.fn() },
    BrowserWindow,
    ipcMain: { handle: (channel: string, fn: (event: unknown, payload: unknown) => Promise<unknown>) => electron.handlers.set(channel, fn) },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session,
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn() },
  };
});

import type { WorkspaceHandlers } from '../shared/workspace-api.ts';
import { channelNames, IPC_PREFIX } from '../shared/workspace-api.ts';
import { APP_ORIGIN, electronCsp, hardenSession, hardenWebContents, isAllowedUrl, registerIpcHandlers, secureWindowOptions } from './security.ts';

/** Records what reached the workspace; answers `openTenant` as the workspace would, anything else with a malformed answer. */
const reached: Array<{ called: string; req: unknown }> = [];
const fakeHandlers = new Proxy({} as WorkspaceHandlers, {
  get: (_t, name: string) => async (req: unknown) => {
    reached.push({ called: name, req });
    return name === 'openTenant' ? { slug: 'acme', file: 'acme.json', text: '{}', stamp: { mtimeMs: 1, size: 2, hash: 'h' } } : { called: name };
  },
});

const trustedEvent = { senderFrame: { url: `${APP_ORIGIN}/index.html`, parent: null } };

beforeEach(() => {
  electron.handlers.clear();
  reached.length = 0;
});

describe('window options', () => {
  it('hold the security checklist', () => {
    const prefs = secureWindowOptions('/x/preload.cjs').webPreferences!;

    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/x/preload.cjs',
    });
  });

  it('come with a strict CSP: own scripts only, no eval, only the local preview may be framed', () => {
    const csp = electronCsp('http://127.0.0.1:4000');

    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|\*/);
    expect(csp).toContain('frame-src http://127.0.0.1:4000');
    expect(electronCsp(undefined)).toContain("frame-src 'none'");
  });
});

describe('IPC handlers', () => {
  it('register one handler per channel', () => {
    registerIpcHandlers({ handle: (c: string, fn: never) => electron.handlers.set(c, fn) } as never, fakeHandlers);

    expect([...electron.handlers.keys()].sort()).toEqual(channelNames.map((c) => IPC_PREFIX + c).sort());
  });

  it('pass a valid payload from the app page to the workspace', async () => {
    registerIpcHandlers({ handle: (c: string, fn: never) => electron.handlers.set(c, fn) } as never, fakeHandlers);

    const out = await electron.handlers.get(`${IPC_PREFIX}openTenant`)!(trustedEvent, { slug: 'acme' });

    expect(reached).toEqual([{ called: 'openTenant', req: { slug: 'acme' } }]);
    expect(out).toEqual({ slug: 'acme', file: 'acme.json', text: '{}', stamp: { mtimeMs: 1, size: 2, hash: 'h' } });
  });

  it("parse the workspace's answer too: a malformed one never reaches the page", async () => {
    registerIpcHandlers({ handle: (c: string, fn: never) => electron.handlers.set(c, fn) } as never, fakeHandlers);

    await expect(electron.handlers.get(`${IPC_PREFIX}listTenants`)!(trustedEvent, {})).rejects.toThrow(/tenants/);
  });

  it('parse every payload with zod and refuse a bad one, naming the field', async () => {
    registerIpcHandlers({ handle: (c: string, fn: never) => electron.handlers.set(c, fn) } as never, fakeHandlers);

    await expect(electron.handlers.get(`${IPC_PREFIX}openTenant`)!(trustedEvent, { slug: '../../etc' })).rejects.toThrow(/openTenant: slug/);
    await expect(electron.handlers.get(`${IPC_PREFIX}saveTenant`)!(trustedEvent, { slug: 'a', text: 1 })).rejects.toThrow(/text/);
  });

  it('check the sender frame: the preview iframe, other origins and missing frames are refused', async () => {
    registerIpcHandlers({ handle: (c: string, fn: never) => electron.handlers.set(c, fn) } as never, fakeHandlers);
    const call = electron.handlers.get(`${IPC_PREFIX}listTenants`)!;

    await expect(call({ senderFrame: { url: 'http://127.0.0.1:4000/', parent: null } }, {})).rejects.toThrow(/untrusted/);
    await expect(call({ senderFrame: { url: `${APP_ORIGIN}/index.html`, parent: {} } }, {})).rejects.toThrow(/untrusted/);
    await expect(call({ senderFrame: null }, {})).rejects.toThrow(/untrusted/);
    await expect(call({ senderFrame: { url: 'file:///etc/index.html', parent: null } }, {})).rejects.toThrow(/untrusted/);
  });
});

describe('web contents', () => {
  it('deny navigation away from the app and every new window', () => {
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    hardenWebContents(contents as never);
    const away = { preventDefault: vi.fn() };
    const inside = { preventDefault: vi.fn() };
    const webview = { preventDefault: vi.fn() };

    contents.emit('will-navigate', away, 'https://example.com/');
    contents.emit('will-navigate', inside, `${APP_ORIGIN}/index.html`);
    contents.emit('will-attach-webview', webview);
    const openHandler = contents.setWindowOpenHandler.mock.calls[0]![0] as () => unknown;

    expect(away.preventDefault).toHaveBeenCalled();
    expect(inside.preventDefault).not.toHaveBeenCalled();
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(openHandler()).toEqual({ action: 'deny' });
  });
});

describe('session', () => {
  it('loads no remote content and grants no permissions', () => {
    const ses = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), webRequest: { onBeforeRequest: vi.fn() } };
    hardenSession(ses as never, () => 'http://127.0.0.1:4000');
    const filter = ses.webRequest.onBeforeRequest.mock.calls[0]![0] as (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;
    const decide = (url: string) => {
      let cancel: boolean | undefined;
      filter({ url }, (r) => (cancel = r.cancel));
      return cancel;
    };
    const permission = ses.setPermissionRequestHandler.mock.calls[0]![0] as (wc: unknown, p: string, cb: (ok: boolean) => void) => void;
    let granted: boolean | undefined;
    permission({}, 'geolocation', (ok) => (granted = ok));

    expect(decide('https://cdn.example.com/monaco.js')).toBe(true);
    expect(decide('http://127.0.0.1:9999/')).toBe(true);
    expect(decide(`${APP_ORIGIN}/assets/index.js`)).toBe(false);
    expect(decide('http://127.0.0.1:4000/src/main.tsx')).toBe(false);
    expect(decide('ws://127.0.0.1:4000/')).toBe(false);
    expect(granted).toBe(false);
    expect(isAllowedUrl('http://localhost:4000/', 'http://127.0.0.1:4000')).toBe(false);
  });
});

describe('main process', () => {
  it('registers the app scheme as privileged before the app is ready', async () => {
    const { protocol } = await import('electron');

    await import('./main.ts');

    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'forecourt-editor', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });
});
