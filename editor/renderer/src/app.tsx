import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { SchemaNode } from '../../shared/schema-walk.ts';
import type { EditorIssue } from '../../shared/workspace-api.ts';
import { BuildPanel } from './components/build-panel.tsx';
import { ChangesView, DiffTable } from './components/changes-view.tsx';
import { DiagnosticsPanel } from './components/diagnostics-panel.tsx';
import { ConfirmDialog, Modal, NewTenantDialog, RenameDialog } from './components/dialogs.tsx';
import { FormView } from './components/form-view.tsx';
import { revealField } from './components/reveal-field.ts';
import type { CodeEditor } from './components/json-editor.tsx';
import { LaunchChecklist } from './components/launch-checklist.tsx';
import { DifferencesDialog, MergeDialog } from './components/merge-dialog.tsx';
import { PreviewPane } from './components/preview-pane.tsx';
import type { MergeChange } from '../../shared/merge.ts';
import { TenantList } from './components/tenant-list.tsx';
import type { EditorSession } from './session.ts';

// Monaco's editor code arrives in its own chunk (see main.tsx).
const JsonEditor = lazy(async () => ({ default: (await import('./components/json-editor.tsx')).JsonEditor }));

// The form renders again only when its own inputs change (not when the preview or the tenant list
// does), and takes a new list of problems after the problems panel has shown it: the panel is
// what staff watch after a keystroke, and the form's field messages follow a moment later.
const Form = memo(FormView);
const NO_ISSUES: EditorIssue[] = [];

type Tab = 'form' | 'json' | 'changes' | 'launch';
type DialogState =
  | { kind: 'new' }
  | { kind: 'duplicate'; slug: string }
  | { kind: 'rename'; slug: string }
  | { kind: 'delete'; slug: string }
  | { kind: 'save-with-errors'; errors: number }
  | { kind: 'external-diff' }
  | { kind: 'merge'; changes: MergeChange[] }
  | { kind: 'reload' }
  | undefined;

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** The editor window. */
export function App({ session, schema }: { session: EditorSession; schema: SchemaNode }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const [tab, setTab] = useState<Tab>('form');
  const [dialog, setDialog] = useState<DialogState>();
  const [activeProblem, setActiveProblem] = useState(-1);
  const editorRef = useRef<CodeEditor | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const doc = state.doc;
  const formIssues = useDeferredValue(doc?.issues ?? NO_ISSUES);
  const dirty = doc ? doc.text !== doc.savedText || doc.recovered === true : false;
  const errors = doc?.issues.filter((i) => i.severity === 'error').length ?? 0;

  // Unsaved work survives an accidental close: the browser asks first.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (session.getState().dirty.length) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [session]);

  useEffect(() => {
    const onFocus = () => void Promise.all([session.checkDisk(), session.checkPreviewOwner()]);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [session]);

  const setValue = useCallback((pointer: string, value: unknown) => session.setValue(pointer, value), [session]);
  const assets = useMemo(() => ({ upload: (data: string) => session.uploadLogo(data), thumbnail: (src: string) => session.assetThumbnail(src) }), [session]);

  // A place to show in the JSON view once Monaco is there: its code loads after the tenant list,
  // so a problem's link clicked sooner would otherwise do nothing.
  const pendingReveal = useRef<((ed: CodeEditor) => void) | undefined>(undefined);
  const showInJson = useCallback((issue: EditorIssue) => {
    setTab('json');
    const reveal = (ed: CodeEditor) => {
      // The view was hidden until now: measure it before centring, or the range is centred in a
      // zero-height view and scrolled out of sight.
      ed.layout();
      ed.setSelection({ startLineNumber: issue.line, startColumn: issue.column, endLineNumber: issue.endLine, endColumn: issue.endColumn });
      ed.revealRangeInCenter({ startLineNumber: issue.line, startColumn: issue.column, endLineNumber: issue.endLine, endColumn: issue.endColumn });
      ed.focus();
    };
    requestAnimationFrame(() => {
      if (editorRef.current) reveal(editorRef.current);
      else pendingReveal.current = reveal;
    });
  }, []);
  const onEditorReady = useCallback((ed: CodeEditor) => {
    editorRef.current = ed;
    const reveal = pendingReveal.current;
    pendingReveal.current = undefined;
    if (reveal) requestAnimationFrame(() => reveal(ed));
  }, []);
  const showInForm = useCallback((pointer: string) => {
    setTab('form');
    requestAnimationFrame(() => revealField(pointer));
  }, []);

  const nextProblem = useCallback(() => {
    const issues = session.getState().doc?.issues ?? [];
    if (!issues.length) return;
    const next = (activeProblem + 1) % issues.length;
    setActiveProblem(next);
    const issue = issues[next]!;
    if (tab === 'form') showInForm(issue.pointer);
    else showInJson(issue);
  }, [activeProblem, session, showInForm, showInJson, tab]);

  // A save refused because the disk changed goes straight to the merge: nothing is overwritten,
  // and nobody has to find the way there from a banner.
  const saveOrMerge = useCallback(async () => {
    if ((await session.save()) !== 'conflict') return;
    const changes = session.mergeChanges();
    if (changes) setDialog({ kind: 'merge', changes });
  }, [session]);

  const save = useCallback(async () => {
    if (!session.getState().doc) return;
    await session.settle();
    const n = session.errorCount();
    if (n > 0) {
      setDialog({ kind: 'save-with-errors', errors: n });
      return;
    }
    await saveOrMerge();
  }, [session, saveOrMerge]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = isMac ? e.metaKey : e.ctrlKey;
      const inMonaco = (e.target as HTMLElement | null)?.closest?.('.monaco-editor') != null;
      if (mod && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      } else if (e.key === 'F8' && !inMonaco) {
        e.preventDefault();
        nextProblem();
      } else if (mod && e.key.toLowerCase() === 'f' && !inMonaco) {
        e.preventDefault();
        if (tab === 'form') filterRef.current?.focus();
        else if (tab === 'json') editorRef.current?.getAction('actions.find')?.run();
      } else if (mod && !inMonaco && e.key.toLowerCase() === 'z' && !(e.target instanceof HTMLInputElement && e.target.type === 'search')) {
        // Form edits live in the same history as the JSON view: undo there, not in the input.
        e.preventDefault();
        if (e.shiftKey) session.redo();
        else session.undo();
      } else if (mod && !inMonaco && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        session.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nextProblem, save, session, tab]);

  if (!state.ready) {
    return (
      <div className="splash" role="status">
        Loading the workspace…
      </div>
    );
  }

  const ext = doc?.external;
  // Only while a conflict banner shows (three small JSON parses).
  const mergeable = ext?.kind === 'changed' ? session.mergeChanges() : undefined;

  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ◆
          </span>
          <h1>Forecourt editor</h1>
        </div>
        {doc && (
          <div className="doc-title">
            <span className="file">tenants/{doc.slug}.json</span>
            {dirty ? <span className="pill warning">Unsaved</span> : <span className="pill ok">Saved</span>}
            <span className={`pill ${doc.validatedRevision < 0 ? 'info' : errors ? 'error' : 'ok'}`} aria-live="polite">
              {doc.validatedRevision < 0 ? 'Checking…' : errors ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : 'Valid'}
            </span>
          </div>
        )}
        <div className="actions" role="toolbar" aria-label="Tenant actions">
          <button type="button" className="button subtle" onClick={() => session.undo()} disabled={!doc} title={`Undo (${isMac ? '⌘' : 'Ctrl+'}Z)`}>
            Undo
          </button>
          <button type="button" className="button subtle" onClick={() => session.redo()} disabled={!doc} title={`Redo (${isMac ? '⌘⇧Z' : 'Ctrl+Y'})`}>
            Redo
          </button>
          <button type="button" className="button" onClick={() => void session.build()} disabled={!doc || state.build?.state === 'running'} title="Runs the real production build of the saved file">
            Build this tenant
          </button>
          <button type="button" className="button primary" onClick={() => void save()} disabled={!doc} title={`Save (${isMac ? '⌘' : 'Ctrl+'}S)`}>
            Save
          </button>
        </div>
      </header>

      <div className="workspace">
        <TenantList
          tenants={state.tenants}
          current={state.current}
          dirty={state.dirty}
          onOpen={(slug) => void session.open(slug)}
          onNew={() => setDialog({ kind: 'new' })}
          onDuplicate={(slug) => setDialog({ kind: 'duplicate', slug })}
          onRename={(slug) => setDialog({ kind: 'rename', slug })}
          onDelete={(slug) => setDialog({ kind: 'delete', slug })}
        />

        <main className="editor-column" aria-label="Tenant editor">
          {state.drafts.map((d) => (
            <div key={d.slug} className="banner warning" role="alert">
              <p>
                Unsaved changes to <strong>{d.slug}</strong> from {new Date(d.savedAt).toLocaleString('en-AU')} were recovered after the editor closed unexpectedly.
              </p>
              <button type="button" className="button primary small" onClick={() => void session.restoreDraft(d)}>
                Restore changes to {d.slug}
              </button>
              <button type="button" className="button subtle small" onClick={() => void session.discardDraft(d.slug)}>
                Discard
              </button>
            </div>
          ))}
          {ext && doc && (
            <div className="banner error" role="alert">
              {ext.kind === 'changed' ? (
                <p>
                  <strong>tenants/{doc.slug}.json changed on disk</strong> {ext.onSave ? 'so it was not saved' : 'while you were editing'}. Merge the changes one by one, or reload the disk version.
                </p>
              ) : (
                <p>
                  <strong>tenants/{doc.slug}.json was deleted on disk.</strong> Keep your version to save it again.
                </p>
              )}
              {ext.kind === 'changed' && (
                <>
                  <button type="button" className="button small" onClick={() => setDialog({ kind: 'external-diff' })}>
                    Show differences
                  </button>
                  <button type="button" className="button small" onClick={() => (dirty ? setDialog({ kind: 'reload' }) : session.reloadFromDisk())}>
                    Reload from disk…
                  </button>
                </>
              )}
              {ext.kind === 'changed' && mergeable ? (
                <button type="button" className="button primary small" onClick={() => setDialog({ kind: 'merge', changes: mergeable })}>
                  Merge changes…
                </button>
              ) : (
                // Deleted on disk, or a side is not valid JSON: the banner already says what keeping yours replaces.
                <button type="button" className="button primary small" onClick={() => session.keepMine()}>
                  {ext.kind === 'changed' ? 'Keep mine (replace the disk version)' : 'Keep mine'}
                </button>
              )}
            </div>
          )}

          {!doc ? (
            <div className="welcome">
              <h2>Open a tenant</h2>
              <p>Pick a dealer site on the left, or create a new one from a template. Edits are checked as you type and shown in the live preview before you save.</p>
            </div>
          ) : (
            <>
              <div className="tabs" role="tablist" aria-label="Views">
                {(
                  [
                    ['form', 'Form'],
                    ['json', 'JSON'],
                    ['changes', dirty ? 'Changes •' : 'Changes'],
                    ['launch', 'Launch checklist'],
                  ] as const
                ).map(([id, label]) => (
                  <button key={id} type="button" role="tab" id={`tab-${id}`} aria-controls={`panel-${id}`} aria-selected={tab === id} tabIndex={tab === id ? 0 : -1} onClick={() => setTab(id)}>
                    {label}
                  </button>
                ))}
              </div>
              <div className="panels">
                <div role="tabpanel" id="panel-form" aria-labelledby="tab-form" hidden={tab !== 'form'} className="panel scroll">
                  <Form schema={schema} text={doc.text} issues={formIssues} onChange={setValue} filterRef={filterRef} assets={assets} />
                </div>
                <div role="tabpanel" id="panel-json" aria-labelledby="tab-json" hidden={tab !== 'json'} className="panel monaco-host">
                  <Suspense fallback={<div className="loading">Loading the JSON editor…</div>}>
                    <JsonEditor slug={doc.slug} visible={tab === 'json'} onSave={() => void save()} onNextProblem={nextProblem} onReady={onEditorReady} />
                  </Suspense>
                </div>
                <div role="tabpanel" id="panel-changes" aria-labelledby="tab-changes" hidden={tab !== 'changes'} className="panel scroll">
                  {tab === 'changes' && <ChangesView schema={schema} text={doc.text} savedText={doc.savedText} onGoTo={showInForm} />}
                </div>
                <div role="tabpanel" id="panel-launch" aria-labelledby="tab-launch" hidden={tab !== 'launch'} className="panel scroll">
                  {tab === 'launch' && <LaunchChecklist text={doc.text} issues={doc.issues} onChange={setValue} onGoTo={showInForm} />}
                </div>
              </div>
              <DiagnosticsPanel
                issues={doc.issues}
                validatedRevision={doc.validatedRevision}
                activeIndex={activeProblem}
                onShowJson={(i, idx) => {
                  setActiveProblem(idx);
                  showInJson(i);
                }}
                onShowForm={(i, idx) => {
                  setActiveProblem(idx);
                  showInForm(i.pointer);
                }}
              />
            </>
          )}
        </main>

        <aside className="preview-column" aria-label="Preview and build">
          {state.build ? <BuildPanel build={state.build} onClose={() => session.closeBuild()} /> : null}
          <PreviewPane preview={state.preview} slug={state.current} onShowHere={() => void session.showPreviewHere()} />
        </aside>
      </div>

      <div className="notices" aria-live="polite">
        {state.notices.map((n) => (
          <div key={n.id} className={`notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
            <span>{n.text}</span>
            <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => session.dismiss(n.id)}>
              ×
            </button>
          </div>
        ))}
      </div>

      {dialog?.kind === 'new' && (
        <NewTenantDialog
          templates={state.templates}
          tenants={state.tenants}
          onSubmit={(s, n, f, extra) => session.create(s, n, f, extra)}
          onLookupPostcode={session.lookupPostcode}
          onCancel={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'duplicate' && (
        <NewTenantDialog
          templates={state.templates}
          tenants={state.tenants}
          duplicateOf={dialog.slug}
          onSubmit={(s, n, f, extra) => session.create(s, n, f, extra)}
          onLookupPostcode={session.lookupPostcode}
          onCancel={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'rename' && <RenameDialog from={dialog.slug} tenants={state.tenants} onSubmit={(to) => session.rename(dialog.slug, to)} onCancel={() => setDialog(undefined)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${dialog.slug}?`}
          confirmLabel={`Delete ${dialog.slug}`}
          danger
          onCancel={() => setDialog(undefined)}
          onConfirm={() => {
            const slug = dialog.slug;
            setDialog(undefined);
            void session.remove(slug);
          }}
        >
          <p>
            tenants/{dialog.slug}.json is removed from the tenants folder (a copy is kept in the editor's trash folder). Its site stops being built and served.
            {state.dirty.includes(dialog.slug) ? ' Its unsaved changes are lost.' : ''}
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'save-with-errors' && (
        <ConfirmDialog
          title="Save with errors?"
          confirmLabel="Save anyway"
          danger
          onCancel={() => setDialog(undefined)}
          onConfirm={() => {
            setDialog(undefined);
            void saveOrMerge();
          }}
        >
          <p>
            This tenant has {dialog.errors} {dialog.errors === 1 ? 'error' : 'errors'}. The build and the server refuse an invalid tenant until it is fixed. Save it anyway?
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'merge' && doc?.external?.kind === 'changed' && (
        <MergeDialog
          slug={doc.slug}
          schema={schema}
          changes={dialog.changes}
          texts={{ base: doc.savedText, disk: doc.external.text, mine: doc.text }}
          onCancel={() => setDialog(undefined)}
          onApply={(choices) => {
            session.applyMerge(choices);
            setDialog(undefined);
          }}
        />
      )}
      {dialog?.kind === 'reload' && doc?.external?.kind === 'changed' && (
        <ConfirmDialog
          title="Replace your changes with the disk version?"
          confirmLabel="Reload and replace my changes"
          danger
          onCancel={() => setDialog(undefined)}
          onConfirm={() => {
            setDialog(undefined);
            session.reloadFromDisk();
          }}
        >
          <p>Your unsaved changes to {doc.slug} will be replaced by the version on disk. Undo brings them back. To keep both, choose Merge changes instead.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'external-diff' && doc?.external?.kind === 'changed' && (
        mergeable ? (
          <DifferencesDialog
            slug={doc.slug}
            schema={schema}
            changes={mergeable}
            texts={{ base: doc.savedText, disk: doc.external.text, mine: doc.text }}
            onClose={() => setDialog(undefined)}
            onMerge={() => setDialog({ kind: 'merge', changes: mergeable })}
          />
        ) : (
          <Modal title="Disk version compared with yours" onClose={() => setDialog(undefined)} wide>
            <div className="modal-body">
              <p className="hint">One of the versions is not valid JSON, so they are compared line by line: − lines are only on disk, + lines only in yours.</p>
              <DiffTable oldText={doc.external.text} newText={doc.text} label="Disk version compared with yours" />
            </div>
            <div className="modal-actions">
              <button type="button" className="button subtle" onClick={() => setDialog(undefined)}>
                Close
              </button>
            </div>
          </Modal>
        )
      )}
    </div>
  );
}
