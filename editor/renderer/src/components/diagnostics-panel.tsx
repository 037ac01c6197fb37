import type { EditorIssue } from '../../../shared/workspace-api.ts';

export interface DiagnosticsPanelProps {
  issues: EditorIssue[];
  /** Text revision diagnostics are for, exposed for tests and the benchmark. */
  validatedRevision: number;
  activeIndex: number;
  onShowJson: (issue: EditorIssue, index: number) => void;
  onShowForm: (issue: EditorIssue, index: number) => void;
}

/** Every error and warning of the shared validator; each goes to its place in the JSON and the form. */
export function DiagnosticsPanel({ issues, validatedRevision, activeIndex, onShowJson, onShowForm }: DiagnosticsPanelProps) {
  const errors = issues.filter((i) => i.severity === 'error').length;
  const warnings = issues.length - errors;
  return (
    <section className="problems" aria-labelledby="problems-title" data-validated-revision={validatedRevision}>
      <header className="panel-head">
        <h2 id="problems-title">Problems</h2>
        <span className={`pill ${errors ? 'error' : 'ok'}`}>{errors} {errors === 1 ? 'error' : 'errors'}</span>
        <span className={`pill ${warnings ? 'warning' : 'ok'}`}>{warnings} {warnings === 1 ? 'warning' : 'warnings'}</span>
        <span className="hint">F8: next problem</span>
      </header>
      {issues.length === 0 ? (
        <p className="empty" role="status">
          No problems: this tenant is valid.
        </p>
      ) : (
        <ol className="problem-list" aria-label="Problems">
          {issues.map((issue, idx) => (
            <li key={`${issue.pointer}-${idx}`} className={`problem ${issue.severity} ${idx === activeIndex ? 'active' : ''}`}>
              <button type="button" className="problem-main" onClick={() => onShowJson(issue, idx)} title="Show in the JSON view">
                <span className={`sev ${issue.severity}`} aria-label={issue.severity}>
                  {issue.severity === 'error' ? '✕' : '!'}
                </span>
                <code className="pointer">{issue.pointer || '(document)'}</code>
                <span className="message">{issue.message}</span>
                <span className="where">
                  Ln {issue.line}, Col {issue.column}
                </span>
              </button>
              <button type="button" className="button subtle small" onClick={() => onShowForm(issue, idx)} aria-label={`Show ${issue.pointer || 'document'} in the form`}>
                Form
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
