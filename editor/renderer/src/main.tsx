import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { tenantSchema } from '../../../schema/tenant-schema.gen.ts';
import type { SchemaNode } from '../../shared/schema-walk.ts';
import { App } from './app.tsx';
import { createMonacoTextModel } from './monaco/monaco-model.ts';
import { setupMonaco } from './monaco/setup.ts';
import { EditorSession } from './session.ts';
import { connectWorkspace } from './transport.ts';
import './styles.css';

setupMonaco();
const session = new EditorSession({ api: connectWorkspace(), createModel: createMonacoTextModel });
const root = createRoot(document.getElementById('root')!);
root.render(
  <StrictMode>
    <App session={session} schema={tenantSchema as unknown as SchemaNode} />
  </StrictMode>,
);
session.init().then(
  () => document.documentElement.setAttribute('data-editor-ready', 'true'),
  (err: unknown) => {
    root.render(
      <div className="splash error" role="alert">
        <h1>The editor could not reach the workspace</h1>
        <p>{err instanceof Error ? err.message : String(err)}</p>
      </div>,
    );
  },
);
