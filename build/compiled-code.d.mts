/** The compiled module of an entry (build/compiled-code.mjs). */
export interface CompiledEntry {
  /** The module to import. */
  file: string;
  /** Whether it was compiled by this call (false: the kept one, nothing it was made from changed). */
  compiled: boolean;
  /** The files it was made from, from the repository root. */
  inputs: string[];
}

/**
 * The compiled module of an entry: the kept one when nothing that went into it changed, else
 * compiled now and kept.
 */
export function compiledEntry(options: { repoRoot: string; entry: string; cacheDir?: string; log?: (line: string) => void }): Promise<CompiledEntry>;
