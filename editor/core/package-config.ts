/*
 * How the desktop editor is packaged for staff who never run npm (electron-builder: an AppImage
 * for Linux, a dmg for macOS, an NSIS installer for Windows). The editor previews a tenant with a
 * Vite dev server of the site's own sources and builds it with the same production build as
 * `npm run build`, so the package carries the platform's sources and their dependencies beside the
 * bundled Electron entry, unpacked (asar off: Vite, esbuild and the build worker read real files).
 */

/** The electron-builder release the packaging command runs (supports Node 20). */
export const ELECTRON_BUILDER_VERSION = '26.0.12';

/** Where installers are written, from the repository root. */
export const PACKAGE_OUTPUT_DIR = 'dist-editor';

/** The platforms staff install on, with electron-builder's flag and target. */
export const PACKAGE_TARGETS = {
  linux: { flag: '--linux', target: 'AppImage' },
  mac: { flag: '--mac', target: 'dmg' },
  win: { flag: '--win', target: 'nsis' },
} as const;
export type PackagePlatform = keyof typeof PACKAGE_TARGETS;

/** Files of the repository left out of the package: tests, builds, local data, caches other than the editor's own. */
const LEFT_OUT = [
  '!**/*.test.{ts,tsx}',
  '!e2e/**',
  '!dist/**',
  `!${PACKAGE_OUTPUT_DIR}/**`,
  '!.data/**',
  '!test-results/**',
  '!docs/**',
  '!**/.vite/**',
  '!.cache/!(editor-electron|editor-renderer)/**',
];

/**
 * The electron-builder configuration of the desktop editor.
 * @param electronVersion the Electron release the editor runs (package.json's devDependency, without its range)
 */
export function packagingConfig(electronVersion: string) {
  return {
    appId: 'au.com.forecourt.editor',
    productName: 'Forecourt Editor',
    copyright: 'Forecourt',
    electronVersion,
    directories: { output: PACKAGE_OUTPUT_DIR },
    // The bundled Electron entry (editor/core/electron-build.ts) is the app's main.
    extraMetadata: { main: '.cache/editor-electron/main.mjs' },
    files: ['**/*', ...LEFT_OUT],
    asar: false,
    // Dependencies come from the repository's own node_modules as installed (nothing is rebuilt
    // or downloaded for them at packaging time).
    npmRebuild: false,
    linux: { target: [PACKAGE_TARGETS.linux.target], category: 'Development' },
    mac: { target: [PACKAGE_TARGETS.mac.target], category: 'public.app-category.developer-tools', hardenedRuntime: true },
    win: { target: [PACKAGE_TARGETS.win.target] },
    nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  };
}

/**
 * The platform to package for: the one named, or this machine's.
 * @param requested `linux`, `mac` or `win` from the command line (optional)
 * @param current this machine's `process.platform`
 */
export function packagePlatform(requested: string | undefined, current: string): PackagePlatform {
  if (requested !== undefined) {
    if (requested in PACKAGE_TARGETS) return requested as PackagePlatform;
    throw new Error(`platform: "${requested}" is not one of ${Object.keys(PACKAGE_TARGETS).join(', ')}`);
  }
  return current === 'darwin' ? 'mac' : current === 'win32' ? 'win' : 'linux';
}
