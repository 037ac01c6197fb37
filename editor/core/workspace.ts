import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readWithStamp, writeFileAtomic, type FileStamp } from './atomic-write.ts';

/** Slugs name files and hosts (`<slug>.localhost`), so they follow DNS label rules. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Throws a clear error unless `slug` is a valid tenant slug. */
export function assertSlug(slug: string, field = 'slug'): void {
  if (!SLUG.test(slug) || slug.length > 63) {
    throw new WorkspaceError(`${field}: "${slug}" is not a valid slug (lower-case letters, digits and single hyphens)`);
  }
}

/** An expected failure (bad name, missing file, name taken) with a message fit for staff. */
export class WorkspaceError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid' | 'not-found' | 'exists' = 'invalid',
  ) {
    super(message);
  }
}

/** A starter tenant staff can create a new dealer from. */
export interface TenantTemplate {
  id: string;
  label: string;
  description: string;
  /** The tenant object; `slug` and `name` are replaced on create. */
  config: Record<string, unknown>;
}

export type SaveResult =
  | { status: 'saved'; stamp: FileStamp }
  | { status: 'conflict'; diskText: string | null; diskStamp: FileStamp | null };

export type DiskCheck = { status: 'unchanged' } | { status: 'changed'; text: string; stamp: FileStamp } | { status: 'deleted' };

/** Formats a tenant object the way tenant files are written: 2-space JSON with a final newline. */
export function formatTenantJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/**
 * The tenants folder as the editor sees it. All writes are atomic, and every write that could
 * overwrite someone else's change first compares the file on disk with what the editor opened.
 */
export class Workspace {
  constructor(
    readonly tenantsDir: string,
    readonly trashDir: string,
    readonly templates: TenantTemplate[] = [],
  ) {}

  fileFor(slug: string): string {
    assertSlug(slug);
    return path.join(this.tenantsDir, `${slug}.json`);
  }

  /** Slugs of every tenant file, sorted. */
  async listSlugs(): Promise<string[]> {
    const names = await fs.readdir(this.tenantsDir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    return names
      .filter((n) => n.endsWith('.json') && SLUG.test(n.slice(0, -5)))
      .map((n) => n.slice(0, -5))
      .sort();
  }

  /** Every tenant file's text, for set-wide validation. */
  async readAll(): Promise<{ slug: string; file: string; text: string }[]> {
    const slugs = await this.listSlugs();
    return Promise.all(
      slugs.map(async (slug) => ({ slug, file: `${slug}.json`, text: await fs.readFile(this.fileFor(slug), 'utf8') })),
    );
  }

  async open(slug: string): Promise<{ slug: string; file: string; text: string; stamp: FileStamp }> {
    const read = await readWithStamp(this.fileFor(slug));
    if (!read) throw new WorkspaceError(`tenant "${slug}" does not exist`, 'not-found');
    return { slug, file: `${slug}.json`, ...read };
  }

  /**
   * Creates `<slug>.json` from a template or as a copy of another tenant, with its slug and name
   * set; `fill` adds what staff entered in the new-tenant flow (site URL, dealership, location).
   */
  async create(
    slug: string,
    name: string,
    from: { kind: 'template'; template: string } | { kind: 'duplicate'; source: string },
    fill: (doc: Record<string, unknown>) => Record<string, unknown> = (doc) => doc,
  ): Promise<void> {
    assertSlug(slug);
    let base: Record<string, unknown>;
    if (from.kind === 'template') {
      const t = this.templates.find((x) => x.id === from.template);
      if (!t) throw new WorkspaceError(`template: "${from.template}" is not a known template`, 'not-found');
      base = structuredClone(t.config);
    } else {
      const src = await this.open(from.source);
      try {
        base = JSON.parse(src.text) as Record<string, unknown>;
      } catch {
        throw new WorkspaceError(`source: tenants/${from.source}.json is not valid JSON, fix it before duplicating`);
      }
    }
    await this.writeNew(slug, fill(withIdentity(base, slug, name)));
  }

  /** Renames `<from>.json` to `<to>.json`, updating the `slug` inside (file name equals slug). */
  async rename(from: string, to: string): Promise<void> {
    assertSlug(to, 'to');
    if (from === to) return;
    const src = await this.open(from);
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(src.text) as Record<string, unknown>;
    } catch {
      throw new WorkspaceError(`from: tenants/${from}.json is not valid JSON, fix it before renaming`);
    }
    await this.writeNew(to, { ...doc, slug: to });
    await fs.rm(this.fileFor(from));
  }

  /** Moves a tenant file to the trash folder (recoverable by hand) rather than unlinking it. */
  async delete(slug: string): Promise<void> {
    const file = this.fileFor(slug);
    await this.open(slug);
    await fs.mkdir(this.trashDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await fs.rename(file, path.join(this.trashDir, `${slug}.${stamp}.json`)).catch(async (err: NodeJS.ErrnoException) => {
      // Trash on another file system: copy then remove.
      if (err.code !== 'EXDEV') throw err;
      await fs.copyFile(file, path.join(this.trashDir, `${slug}.${stamp}.json`));
      await fs.rm(file);
    });
  }

  /**
   * Saves atomically unless the file changed on disk since it was opened (`baseHash`), in which
   * case nothing is written and the disk version is returned so staff can choose. `overwrite`
   * is the explicit "keep mine" answer.
   */
  async save(slug: string, text: string, baseHash: string | null, overwrite: boolean): Promise<SaveResult> {
    const file = this.fileFor(slug);
    const disk = await readWithStamp(file);
    if (!overwrite) {
      const diskHash = disk?.stamp.hash ?? null;
      if (diskHash !== baseHash) {
        return { status: 'conflict', diskText: disk?.text ?? null, diskStamp: disk?.stamp ?? null };
      }
    }
    await fs.mkdir(this.tenantsDir, { recursive: true });
    await writeFileAtomic(file, text);
    const after = await readWithStamp(file);
    if (!after) throw new Error(`tenants/${slug}.json vanished right after saving`);
    return { status: 'saved', stamp: after.stamp };
  }

  /** Compares the file on disk with the hash the editor opened it at. */
  async checkDisk(slug: string, baseHash: string | null): Promise<DiskCheck> {
    const disk = await readWithStamp(this.fileFor(slug));
    if (!disk) return baseHash === null ? { status: 'unchanged' } : { status: 'deleted' };
    if (disk.stamp.hash === baseHash) return { status: 'unchanged' };
    return { status: 'changed', text: disk.text, stamp: disk.stamp };
  }

  private async writeNew(slug: string, doc: Record<string, unknown>): Promise<void> {
    const file = this.fileFor(slug);
    if (await readWithStamp(file)) throw new WorkspaceError(`slug: a tenant named "${slug}" already exists`, 'exists');
    await fs.mkdir(this.tenantsDir, { recursive: true });
    await writeFileAtomic(file, formatTenantJson(doc));
  }
}

function withIdentity(doc: Record<string, unknown>, slug: string, name: string): Record<string, unknown> {
  // Keep $schema, slug and name first so new files read naturally. The site URL must be unique and
  // belongs to the new dealer, so it starts empty and the validator asks for it.
  const { $schema, slug: _s, name: _n, siteUrl: _u, ...rest } = doc;
  return { ...($schema !== undefined ? { $schema } : {}), slug, name, ...rest, siteUrl: '' };
}
