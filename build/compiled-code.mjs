// The platform's own TypeScript, compiled once into one ES module per entry (`scripts/start.ts` →
// `.cache/compiled/start/<key>/start.mjs`) and reused by every later start until a source changes.
// Running the sources through tsx costs a loader round trip and a transform check for each of
// several hundred modules at every start (about 2.5 s of a core); the compiled module is one file.
// Never stale: next to it is the list of every file that went into it with a hash of its bytes, and
// it is used only while each of those files still has exactly those bytes (and the compiler, its
// settings, package.json and the tsconfig files are the same); otherwise it is compiled again.
// Packages stay outside (Node loads them from node_modules as before). Each source's
// `import.meta.url`/`dirname`/`filename` keeps naming that source, so files beside it (worker
// scripts, data files) are found where they are. Plain JavaScript: it runs before any loader.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bump when the compile settings below change, so no module compiled under the old ones is used. */
const SETTINGS_VERSION = 1;

/** Files outside the sources whose content changes how the sources compile. */
const SETTINGS_FILES = ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json'];

/** Compiled folders kept per entry besides the current one (a process started earlier may still be loading its own). */
const KEEP_OLDER = 2;

/**
 * @param {string} text
 * @returns {string}
 */
function sha256(text) {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * @param {string} file
 * @returns {string | null} the hash of the file's bytes, or null when it cannot be read
 */
function hashFile(file) {
  try {
    return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/**
 * What, besides the sources, the compiled code depends on.
 * @param {string} repoRoot
 * @param {string} esbuildVersion
 */
function settingsKey(repoRoot, esbuildVersion) {
  return sha256(
    JSON.stringify({
      version: SETTINGS_VERSION,
      esbuild: esbuildVersion,
      node: process.versions.node.split('.')[0],
      // Each source's own location is written into the compiled code.
      repoRoot,
      files: SETTINGS_FILES.map((name) => [name, hashFile(path.join(repoRoot, name))]),
    }),
  );
}

/**
 * The folder an entry's compiled code is kept in.
 * @param {string} cacheDir
 * @param {string} entry the entry's path from the repository root (`scripts/start.ts`)
 */
function compiledFolder(cacheDir, entry) {
  return path.join(cacheDir, entry.replace(/\.[cm]?tsx?$/, '').replace(/[\\/]/g, '--'));
}

/**
 * The kept compiled module of an entry, when every file that went into it is unchanged.
 * @param {string} repoRoot
 * @param {string} folder
 * @param {string} settings
 * @returns {{ file: string, inputs: string[] } | null} the compiled module's path and its sources
 */
function keptModule(repoRoot, folder, settings) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  if (manifest.settings !== settings) return null;
  for (const [file, hash] of Object.entries(manifest.inputs)) {
    if (hashFile(path.join(repoRoot, file)) !== hash) return null;
  }
  const file = path.join(folder, manifest.key, manifest.module);
  return fs.existsSync(file) ? { file, inputs: Object.keys(manifest.inputs) } : null;
}

/** esbuild's loader for a source file's extension. */
const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx', '.json': 'json' };

/**
 * Reads every source of the repository for esbuild itself, so the hash kept for each file is of
 * the very bytes that were compiled (a file saved during the compile is compiled again next
 * time), and replaces `import.meta.url`, `import.meta.dirname` and `import.meta.filename` in a
 * source with that source's own values (esbuild's define works on the syntax tree: text in strings
 * is left alone), keeping a source map to the original lines.
 * @param {typeof import('esbuild')} esbuild
 * @param {Map<string, string>} hashes absolute path → hash of the bytes compiled, filled in
 */
function sourcesPlugin(esbuild, hashes) {
  return {
    name: 'forecourt-sources',
    /** @param {import('esbuild').PluginBuild} build */
    setup(build) {
      build.onLoad({ filter: /\.([cm]?[jt]sx?|json)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        /** @type {import('esbuild').Loader | undefined} */
        const loader = LOADERS[/** @type {keyof typeof LOADERS} */ (path.extname(args.path))];
        if (!loader) return undefined;
        const bytes = await fs.promises.readFile(args.path);
        hashes.set(args.path, crypto.createHash('sha256').update(bytes).digest('hex'));
        const text = bytes.toString('utf8');
        if (loader === 'json' || !text.includes('import.meta')) return { contents: bytes, loader };
        const out = await esbuild.transform(text, {
          loader,
          format: 'esm',
          target: 'node20',
          sourcefile: args.path,
          sourcemap: 'inline',
          define: {
            'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
            'import.meta.dirname': JSON.stringify(path.dirname(args.path)),
            'import.meta.filename': JSON.stringify(args.path),
          },
        });
        return { contents: out.code, loader: 'js' };
      });
    },
  };
}

/**
 * The compiled module of an entry: the kept one when nothing that went into it changed, else
 * compiled now (about a second) and kept. Two processes compiling at once each write a folder of
 * their own and the manifest is replaced in one step, so neither reads half a file.
 * @param {{ repoRoot: string, entry: string, cacheDir?: string, log?: (line: string) => void }} options
 *   `entry` from the repository root; `cacheDir` defaults to the repository's .cache/compiled
 * @returns {Promise<{ file: string, compiled: boolean, inputs: string[] }>} the module to import,
 *   whether it was compiled now, and the files that went into it (from the repository root)
 */
export async function compiledEntry({ repoRoot, entry, cacheDir = path.join(repoRoot, '.cache', 'compiled'), log = () => {} }) {
  const esbuild = await import('esbuild');
  const folder = compiledFolder(cacheDir, entry);
  const settings = settingsKey(repoRoot, esbuild.version);
  const kept = keptModule(repoRoot, folder, settings);
  if (kept) return { ...kept, compiled: false };

  const started = performance.now();
  fs.mkdirSync(folder, { recursive: true });
  const temp = fs.mkdtempSync(path.join(folder, 'building-'));
  const moduleName = `${path.basename(entry).replace(/\.[cm]?tsx?$/, '')}.mjs`;
  /** @type {Map<string, string>} */
  const hashes = new Map();
  try {
    const result = await esbuild.build({
      absWorkingDir: repoRoot,
      entryPoints: [entry],
      outfile: path.join(temp, moduleName),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [sourcesPlugin(esbuild, hashes)],
    });
    /** @type {Record<string, string>} */
    const inputs = {};
    for (const input of Object.keys(result.metafile.inputs).sort()) {
      const file = path.resolve(repoRoot, input);
      // A file esbuild read itself (none is expected) is hashed now.
      const hash = hashes.get(file) ?? hashFile(file);
      if (hash) inputs[path.relative(repoRoot, file)] = hash;
    }
    const key = sha256(JSON.stringify([settings, inputs])).slice(0, 16);
    const target = path.join(folder, key);
    // The key names the content: a folder already there (another start compiled the same sources
    // at once) holds the same module and may be in use, so it is kept, never replaced.
    try {
      fs.renameSync(temp, target);
    } catch (error) {
      if (!fs.existsSync(path.join(target, moduleName))) throw error;
    }
    const manifestTemp = path.join(folder, `manifest-${process.pid}.json`);
    fs.writeFileSync(manifestTemp, JSON.stringify({ settings, key, module: moduleName, inputs }));
    fs.renameSync(manifestTemp, path.join(folder, 'manifest.json'));
    pruneOlder(folder, key);
    log(`Compiled ${entry} and the ${Object.keys(inputs).length} files it uses in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { file: path.join(target, moduleName), compiled: true, inputs: Object.keys(inputs) };
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Deletes all but the newest few compiled folders of an entry (and half-written ones an hour old).
 * @param {string} folder
 * @param {string} current
 */
function pruneOlder(folder, current) {
  const entries = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== current)
    .map((e) => ({ name: e.name, mtime: fs.statSync(path.join(folder, e.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const hourAgo = Date.now() - 3_600_000;
  const builds = entries.filter((e) => !e.name.startsWith('building-'));
  const stale = [...builds.slice(KEEP_OLDER), ...entries.filter((e) => e.name.startsWith('building-') && e.mtime < hourAgo)];
  for (const e of stale) fs.rmSync(path.join(folder, e.name), { recursive: true, force: true });
}
