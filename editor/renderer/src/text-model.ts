import type { EditorIssue } from '../../shared/workspace-api.ts';
import type { TextEdit } from '../../shared/json-edit.ts';

/**
 * One tenant's text as the session sees it. In the app this is a Monaco model (so the JSON view,
 * the form view and undo/redo share one history); tests use a plain in-memory implementation.
 */
export interface TextModel {
  getValue(): string;
  /** Replaces everything (open, reload from disk); `undoable` keeps it on the undo stack. */
  setValue(text: string, undoable: boolean): void;
  /** Applies an edit; consecutive edits with the same `group` merge into one undo step. */
  applyEdit(edit: TextEdit, group: string): void;
  undo(): void;
  redo(): void;
  /**
   * Which state of the history the text is in: a new edit gets a new number, undo and redo bring
   * back the number the text had then (Monaco's alternative version id).
   */
  version(): number;
  onDidChange(listener: () => void): () => void;
  /** Shows the shared validator's issues in the editor. */
  setIssues(issues: EditorIssue[]): void;
  dispose(): void;
}

/** A TextModel without an editor: history kept as snapshots (used by tests and as a fallback). */
export class MemoryTextModel implements TextModel {
  private past: { text: string; version: number }[] = [];
  private future: { text: string; version: number }[] = [];
  private current = 1;
  private nextVersion = 2;
  private listeners = new Set<() => void>();
  private lastGroup: string | undefined;
  issues: EditorIssue[] = [];

  constructor(private text: string) {}

  getValue() {
    return this.text;
  }
  version() {
    return this.current;
  }
  private snapshot() {
    return { text: this.text, version: this.current };
  }
  setValue(text: string, undoable: boolean) {
    if (undoable) {
      this.past.push(this.snapshot());
      this.future = [];
    } else {
      this.past = [];
      this.future = [];
    }
    this.current = this.nextVersion++;
    this.lastGroup = undefined;
    this.text = text;
    this.fire();
  }
  applyEdit(edit: TextEdit, group: string) {
    if (group !== this.lastGroup) this.past.push(this.snapshot());
    this.current = this.nextVersion++;
    this.lastGroup = group;
    this.future = [];
    this.text = this.text.slice(0, edit.start) + edit.text + this.text.slice(edit.end);
    this.fire();
  }
  undo() {
    const prev = this.past.pop();
    if (prev === undefined) return;
    this.future.push(this.snapshot());
    this.text = prev.text;
    this.current = prev.version;
    this.lastGroup = undefined;
    this.fire();
  }
  redo() {
    const next = this.future.pop();
    if (next === undefined) return;
    this.past.push(this.snapshot());
    this.text = next.text;
    this.current = next.version;
    this.lastGroup = undefined;
    this.fire();
  }
  onDidChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  setIssues(issues: EditorIssue[]) {
    this.issues = issues;
  }
  dispose() {
    this.listeners.clear();
  }
  private fire() {
    for (const l of this.listeners) l();
  }
}
