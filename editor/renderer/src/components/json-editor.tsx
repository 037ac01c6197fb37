import { Editor, type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { monaco } from '../monaco/setup.ts';
import { tenantModelPath } from '../monaco/monaco-model.ts';

export type CodeEditor = Parameters<OnMount>[0];

export interface JsonEditorProps {
  slug: string;
  onSave: () => void;
  onNextProblem: () => void;
  onReady: (editor: CodeEditor) => void;
}

/**
 * Monaco on the tenant's model (created by the session, so the form view and undo share it).
 * `keepCurrentModel` stops the wrapper from disposing the model when the view switches tenant.
 */
export function JsonEditor({ slug, onSave, onNextProblem, onReady }: JsonEditorProps) {
  const handlers = useRef({ onSave, onNextProblem });
  useEffect(() => {
    handlers.current = { onSave, onNextProblem };
  }, [onSave, onNextProblem]);
  const editorRef = useRef<CodeEditor | null>(null);

  useEffect(() => {
    const model = monaco.editor.getModel(monaco.Uri.parse(tenantModelPath(slug)));
    if (model && editorRef.current && editorRef.current.getModel() !== model) editorRef.current.setModel(model);
  }, [slug]);

  return (
    <Editor
      path={tenantModelPath(slug)}
      language="json"
      keepCurrentModel
      saveViewState
      theme="vs"
      loading={<div className="loading">Loading the JSON editor…</div>}
      options={{
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 13,
        lineNumbersMinChars: 4,
        scrollBeyondLastLine: false,
        tabSize: 2,
        renderValidationDecorations: 'on',
        fixedOverflowWidgets: true,
        ariaLabel: `JSON of tenants/${slug}.json`,
        quickSuggestions: { strings: true, other: true, comments: false },
        stickyScroll: { enabled: true },
      }}
      onMount={(editor) => {
        editorRef.current = editor;
        editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => handlers.current.onSave());
        // F8 walks the shared validator's problems (the panel and the form follow along).
        editor.addCommand(monaco.KeyCode.F8, () => handlers.current.onNextProblem());
        onReady(editor);
      }}
    />
  );
}
