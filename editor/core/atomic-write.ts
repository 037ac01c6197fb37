import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** What the editor remembers about a file when it opened it, to notice changes made elsewhere. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
  hash: string;
}

/** sha256 of the text as UTF-8, hex. */
export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Reads a file and its stamp together; undefined when the file does not exist. */
export async function readWithStamp(file: string): Promise<{ text: string; stamp: FileStamp } | undefined> {
  try {
    const [text, st] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    return { text, stamp: { mtimeMs: st.mtimeMs, size: st.size, hash: hashText(text) } };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The low-level operations atomic writes use; tests replace them to simulate a crash mid-write. */
export interface AtomicFs {
  open: typeof fs.open;
  rename: typeof fs.rename;
  rm: typeof fs.rm;
}

const realFs: AtomicFs = { open: fs.open, rename: fs.rename, rm: fs.rm };

/**
 * Writes `text` to `file` so that readers (and a machine that loses power) see either the old file
 * or the complete new one, never a mix: the bytes go to a temporary file in the same directory
 * (rename is only atomic within one file system), are fsynced, then renamed over the target, and
 * the directory is fsynced so the rename itself is durable.
 */
export async function writeFileAtomic(file: string, text: string | Uint8Array, ops: AtomicFs = realFs): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const handle = await ops.open(tmp, 'wx', 0o644);
    try {
      await (typeof text === 'string' ? handle.writeFile(text, 'utf8') : handle.writeFile(text));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await ops.rename(tmp, file);
    renamed = true;
    await syncDir(dir);
  } finally {
    if (!renamed) await ops.rm(tmp, { force: true }).catch(() => undefined);
  }
}

async function syncDir(dir: string): Promise<void> {
  // Directory fsync is not supported everywhere (e.g. Windows); the rename is still atomic there.
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    /* best effort */
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
