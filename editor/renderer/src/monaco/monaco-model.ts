import type { EditorIssue } from '../../../shared/workspace-api.ts';
import type { TextEdit } from '../../../shared/json-edit.ts';
import type { TextModel } from '../text-model.ts';
import { monaco, setupMonaco } from './setup.ts';

setupMonaco();

/** URI of a tenant's model; the JSON editor opens the model with this path. */
export function tenantModelPath(slug: string): string {
  return `file:///tenants/${slug}.json`;
}

/** A Monaco text model behind the session's TextModel interface. */
export function createMonacoTextModel(slug: string, text: string): TextModel {
  const uri = monaco.Uri.parse(tenantModelPath(slug));
  monaco.editor.getModel(uri)?.dispose();
  const model = monaco.editor.createModel(text, 'json', uri);
  model.updateOptions({ tabSize: 2, insertSpaces: true });
  let lastGroup: string | undefined;
  model.onDidChangeContent((e) => {
    // Typing in the JSON view ends a form edit group.
    if (!e.isFlush && !applying) lastGroup = undefined;
  });
  let applying = false;
  return {
    getValue: () => model.getValue(),
    setValue(next, undoable) {
      lastGroup = undefined;
      if (!undoable) {
        model.setValue(next);
        return;
      }
      model.pushStackElement();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: next }], () => null);
      model.pushStackElement();
    },
    applyEdit(edit: TextEdit, group: string) {
      if (group !== lastGroup) model.pushStackElement();
      lastGroup = group;
      const start = model.getPositionAt(edit.start);
      const end = model.getPositionAt(edit.end);
      applying = true;
      try {
        model.pushEditOperations(
          [],
          [{ range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column), text: edit.text }],
          () => null,
        );
      } finally {
        applying = false;
      }
    },
    version: () => model.getAlternativeVersionId(),
    undo: () => void model.undo(),
    redo: () => void model.redo(),
    onDidChange(listener) {
      const d = model.onDidChangeContent(() => listener());
      return () => d.dispose();
    },
    setIssues(issues: EditorIssue[]) {
      monaco.editor.setModelMarkers(
        model,
        'forecourt',
        issues.map((i) => ({
          severity: i.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
          message: `${i.pointer || '(document)'}: ${i.message}`,
          startLineNumber: i.line,
          startColumn: i.column,
          endLineNumber: i.endLine,
          endColumn: i.endColumn,
          source: 'tenant validator',
        })),
      );
    },
    dispose: () => model.dispose(),
  };
}
