/**
 * Preload (sandboxed): exposes one function per workspace channel and nothing else — no
 * ipcRenderer, no Node. The main process parses every payload and every response.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNEL_NAMES, IPC_PREFIX } from '../shared/workspace-client.ts';

/** The object exposed as `window.forecourtEditor`. */
export function createPreloadApi(invoke: (channel: string, payload: unknown) => Promise<unknown>) {
  const api: Record<string, (payload: unknown) => Promise<unknown>> = {};
  for (const name of CHANNEL_NAMES) api[name] = (payload: unknown) => invoke(IPC_PREFIX + name, payload);
  return Object.freeze(api);
}

contextBridge.exposeInMainWorld('forecourtEditor', createPreloadApi((channel, payload) => ipcRenderer.invoke(channel, payload)));
