import { describe, expect, it, vi } from 'vitest';

const exposed = vi.hoisted(() => ({ key: '', api: {} as Record<string, (p: unknown) => Promise<unknown>> }));
const invoke = vi.hoisted(() => vi.fn(async (channel: string, payload: unknown) => ({ channel, payload })));
vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: Record<string, (p: unknown) => Promise<unknown>>) => {
      exposed.key = key;
      exposed.api = api;
    },
  },
  ipcRenderer: { invoke },
}));

import { channelNames, IPC_PREFIX } from '../shared/workspace-api.ts';
import './preload.ts';

describe('preload', () => {
  it('exposes exactly one function per channel and nothing of ipcRenderer', () => {
    expect(exposed.key).toBe('forecourtEditor');
    expect(Object.keys(exposed.api).sort()).toEqual([...channelNames].sort());
    expect(Object.isFrozen(exposed.api)).toBe(true);
    expect('invoke' in exposed.api).toBe(false);
  });

  it('forwards a call to its prefixed IPC channel', async () => {
    const out = await exposed.api.openTenant!({ slug: 'acme' });

    expect(invoke).toHaveBeenCalledWith(`${IPC_PREFIX}openTenant`, { slug: 'acme' });
    expect(out).toEqual({ channel: `${IPC_PREFIX}openTenant`, payload: { slug: 'acme' } });
  });
});
