import { expect, test, vi } from 'vitest';

test('zod reads the jitless setting the site writes before zod loads, and never probes for eval', async () => {
  vi.resetModules();
  // zod keeps its configuration under this global name; start from none, as a fresh page does.
  delete (globalThis as unknown as Record<string, unknown>)['__zod_globalConfig'];
  await import('./zod-jitless.ts');
  const probe = vi.spyOn(globalThis, 'Function');
  const { z, config } = await import('zod');
  expect(config().jitless).toBe(true);
  const schema = z.object({ name: z.string(), km: z.number() });
  expect(schema.parse({ name: 'Corolla', km: 12_000 })).toEqual({ name: 'Corolla', km: 12_000 });
  expect(probe).not.toHaveBeenCalled();
  probe.mockRestore();
});
