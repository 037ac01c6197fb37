// `npm run package:editor [-- linux|mac|win]`: installers of the desktop editor for staff who never
// run npm (docs/editor.md, "Packaging").
import { REPO_ROOT } from '../editor/core/editor-app.ts';
import { buildElectronEntry } from '../editor/core/electron-build.ts';
import { ensureRendererBuilt } from '../editor/core/renderer-build.ts';
import { packageEditor, realPackageDeps } from '../editor/core/package-editor.ts';

const prepare = async () => {
  await ensureRendererBuilt((line) => console.log(line));
  await buildElectronEntry();
};
process.exitCode = await packageEditor(process.argv.slice(2), realPackageDeps(REPO_ROOT, prepare));
