/**
 * Preload (sandboxed): exposes one function per workspace channel and nothing else — no
 * ipcRenderer, no Node. Payloads are parsed again in the main process; responses are parsed by
 * the renderer's client.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { channelNames, IPC_PREFIX } from '../shared/workspace-api.ts';

/** The object exposed as `window.forecourtEditor`. */
export function createPreloadApi(invoke: (channel: string, payload: unknown) => Promise<unknown>) {
  const api: Record<string, (payload: unknown) => Promise<unknown>> = {};
  for (const name of channelNames) api[name] = (payload: unknown) => invoke(IPC_PREFIX + name, payload);
  return Object.freeze(api);
}

contextBridge.exposeInMainWorld('forecourtEditor', createPreloadApi((channel, payload) => ipcRenderer.invoke(channel, payload)));
