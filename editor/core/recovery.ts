import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write.ts';

const DraftFile = z.object({
  slug: z.string(),
  text: z.string(),
  savedAt: z.number(),
  baseHash: z.string().nullable(),
});
export type RecoveryDraft = z.infer<typeof DraftFile>;

/**
 * Autosaved drafts of unsaved edits, one file per tenant, so work survives a crash or a killed
 * process: the renderer sends its text here a moment after each change, the store drops the draft
 * on save or discard, and whatever is left is offered back on the next start.
 */
export class RecoveryStore {
  constructor(readonly dir: string) {}

  private fileFor(slug: string): string {
    if (!/^[a-z0-9-]+$/.test(slug)) throw new Error(`recovery: invalid slug "${slug}"`);
    return path.join(this.dir, `${slug}.draft.json`);
  }

  /** Stores (replaces) the draft for a tenant. */
  async save(slug: string, text: string, baseHash: string | null, now = Date.now()): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const draft: RecoveryDraft = { slug, text, savedAt: now, baseHash };
    await writeFileAtomic(this.fileFor(slug), JSON.stringify(draft));
  }

  /** Removes a tenant's draft (after a save, or when staff discard it). */
  async discard(slug: string): Promise<void> {
    await fs.rm(this.fileFor(slug), { force: true });
  }

  /** Every readable draft, newest first. Unreadable files are skipped, never fatal. */
  async list(): Promise<RecoveryDraft[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const drafts: RecoveryDraft[] = [];
    for (const name of names) {
      if (!name.endsWith('.draft.json')) continue;
      try {
        const parsed = DraftFile.safeParse(JSON.parse(await fs.readFile(path.join(this.dir, name), 'utf8')));
        if (parsed.success) drafts.push(parsed.data);
      } catch {
        /* a corrupt draft is not worth crashing the editor over */
      }
    }
    return drafts.sort((a, b) => b.savedAt - a.savedAt);
  }
}
