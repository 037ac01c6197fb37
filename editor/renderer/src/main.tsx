import { askFirstScreen } from './first-screen.ts';
import { connectWorkspace } from './transport.ts';
import './styles.css';

// The editor's entry is kept tiny: it asks the workspace for the tenant list at once and then
// loads the editor itself (React and the views), so the workspace answers while the browser
// downloads and compiles that code, instead of after it.
const api = connectWorkspace();
const sessionId = crypto.randomUUID();
const first = askFirstScreen(api, sessionId);
// A failure is shown by the editor window (it awaits the same promise); nothing is left unhandled here.
first.catch(() => undefined);
import('./editor-window.tsx').then(
  ({ startEditorWindow }) => startEditorWindow({ api, sessionId, first }),
  (err: unknown) => {
    const root = document.getElementById('root')!;
    root.replaceChildren();
    const box = document.createElement('div');
    box.className = 'splash error';
    box.setAttribute('role', 'alert');
    const h1 = document.createElement('h1');
    h1.textContent = 'The editor could not load';
    const p = document.createElement('p');
    p.textContent = `${err instanceof Error ? err.message : String(err)}. Reload the page to try again.`;
    box.append(h1, p);
    root.append(box);
  },
);
