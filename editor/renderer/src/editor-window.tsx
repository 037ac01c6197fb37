import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { tenantSchema } from '../../../schema/tenant-schema.gen.ts';
import type { SchemaNode } from '../../shared/schema-walk.ts';
import type { WorkspaceApi } from '../../shared/workspace-api.ts';
import { App } from './app.tsx';
import type { FirstScreen } from './first-screen.ts';
import { EditorSession } from './session.ts';

// Monaco is most of the code: it loads once the tenant list is on screen, so parsing it does not
// delay the first paint; opening a tenant waits for it (text models live in Monaco).
let monaco: Promise<typeof import('./monaco/monaco-model.ts')> | undefined;
const loadMonaco = () => (monaco ??= import('./monaco/monaco-model.ts'));

/** Renders the editor window into #root, with the first screen's answers the entry already asked for. */
export function startEditorWindow({ api, sessionId, first }: { api: WorkspaceApi; sessionId: string; first: Promise<FirstScreen> }) {
  const session = new EditorSession({
    api,
    sessionId,
    createModel: async (slug, text) => (await loadMonaco()).createMonacoTextModel(slug, text),
  });
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <App session={session} schema={tenantSchema as unknown as SchemaNode} />
    </StrictMode>,
  );
  session.init(first).then(
    () => {
      document.documentElement.setAttribute('data-editor-ready', 'true');
      performance.mark('editor-ready');
      setTimeout(() => void loadMonaco(), 50);
    },
    (err: unknown) => {
      root.render(
        <div className="splash error" role="alert">
          <h1>The editor could not reach the workspace</h1>
          <p>{err instanceof Error ? err.message : String(err)}</p>
        </div>,
      );
    },
  );
}
