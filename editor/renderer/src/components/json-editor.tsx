import { Editor, type OnMount } from '@monaco-editor/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { monaco } from '../monaco/setup.ts';
import { tenantModelPath } from '../monaco/monaco-model.ts';

export type CodeEditor = Parameters<OnMount>[0];

export interface JsonEditorProps {
  slug: string;
  /** Whether the JSON view is on screen: hidden, the editor lets go of the model (see below). */
  visible: boolean;
  onSave: () => void;
  onNextProblem: () => void;
  onReady: (editor: CodeEditor) => void;
}

/**
 * Monaco on the tenant's model (created by the session, so the form view and undo share it).
 * `keepCurrentModel` stops the wrapper from disposing the model when the view switches tenant.
 */
export function JsonEditor({ slug, visible, onSave, onNextProblem, onReady }: JsonEditorProps) {
  const handlers = useRef({ onSave, onNextProblem });
  useEffect(() => {
    handlers.current = { onSave, onNextProblem };
  }, [onSave, onNextProblem]);
  // State, not a ref: the effects below run again once Monaco has mounted the editor.
  const [editor, setEditor] = useState<CodeEditor | null>(null);
  /** Where each tenant's view was (cursor, scroll) when the JSON view was last hidden. */
  const viewStates = useRef(new Map<string, ReturnType<CodeEditor['saveViewState']>>());

  // While the JSON view is hidden (the form is in front), the editor holds no model: an editor
  // showing a model lays out and paints it again on every change, and each keystroke in the form
  // would pay for a view nobody sees. The model itself (text, undo, problems) lives on. Attached
  // before paint, so a problem's "show in JSON" finds it in place.
  useLayoutEffect(() => {
    if (!editor || !visible) return;
    const model = monaco.editor.getModel(monaco.Uri.parse(tenantModelPath(slug)));
    if (model && editor.getModel() !== model) {
      editor.setModel(model);
      const state = viewStates.current.get(slug);
      if (state) editor.restoreViewState(state);
    }
  }, [editor, slug, visible]);
  // Let go after the wrapper's own effects (it attaches the model when the tenant changes).
  useEffect(() => {
    if (!editor || visible || !editor.getModel()) return;
    viewStates.current.set(slug, editor.saveViewState());
    editor.setModel(null);
  }, [editor, slug, visible]);
  // One object per tenant: the wrapper hands a new options object to Monaco's configuration on
  // every render, which would cost each keystroke a reconfiguration of the editor.
  const options = useMemo(
    () => ({
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 4,
      scrollBeyondLastLine: false,
      tabSize: 2,
      renderValidationDecorations: 'on' as const,
      fixedOverflowWidgets: true,
      ariaLabel: `JSON of tenants/${slug}.json`,
      quickSuggestions: { strings: true, other: true, comments: false },
      stickyScroll: { enabled: true },
    }),
    [slug],
  );
  return (
    <Editor
      path={tenantModelPath(slug)}
      language="json"
      keepCurrentModel
      saveViewState
      theme="vs"
      loading={<div className="loading">Loading the JSON editor…</div>}
      options={options}
      onMount={(mounted) => {
        mounted.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => handlers.current.onSave());
        // F8 walks the shared validator's problems (the panel and the form follow along).
        mounted.addCommand(monaco.KeyCode.F8, () => handlers.current.onNextProblem());
        setEditor(mounted);
        onReady(mounted);
      }}
    />
  );
}
