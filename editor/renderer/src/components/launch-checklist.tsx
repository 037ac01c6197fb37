import { useMemo } from 'react';
import { blockingChecks, launchChecklist, type LaunchCheck } from '../../../../schema/launch-checklist.ts';
import { resolveTenantAsWritten } from '../../../../schema/resolve.ts';
import type { TenantConfig } from '../../../../schema/tenant.gen.ts';
import type { EditorIssue } from '../../../shared/workspace-api.ts';

export interface LaunchChecklistProps {
  text: string;
  issues: EditorIssue[];
  onChange: (pointer: string, value: unknown) => void;
  onGoTo: (pointer: string) => void;
}

/** The checklist of the text being edited, or why it cannot be computed yet. */
function useChecklist(text: string, issues: EditorIssue[]) {
  return useMemo(() => {
    try {
      // As written: a launched site hides sample content by itself, but its checks stay listed.
      const config = resolveTenantAsWritten(JSON.parse(text) as TenantConfig);
      const contrast = issues.filter((i) => i.severity === 'error' && i.pointer.startsWith('/theme/colours')).length;
      return { config, checks: launchChecklist(config, contrast) };
    } catch {
      return undefined;
    }
  }, [text, issues]);
}

/**
 * The pre-launch checklist: every check computed from the tenant as edited, each with a link to the
 * setting that fixes it; an open check can be acknowledged by name; the site can be marked launched
 * only when nothing open is left unacknowledged (the validator holds the same rule for the file).
 */
export function LaunchChecklist({ text, issues, onChange, onGoTo }: LaunchChecklistProps) {
  const computed = useChecklist(text, issues);
  if (!computed) return <p className="empty">Fix the errors in the file to see the pre-launch checklist.</p>;
  const { config, checks } = computed;
  const acknowledged = config.launch.acknowledged;
  const blocking = blockingChecks(checks, acknowledged);
  const open = checks.filter((c) => !c.ok);
  const acknowledge = (c: LaunchCheck, yes: boolean) =>
    onChange('/launch/acknowledged', yes ? [...acknowledged, c.id] : acknowledged.filter((id) => id !== c.id));
  return (
    <section className="launch-checklist" aria-labelledby="launch-title">
      <h2 id="launch-title">Pre-launch checklist</h2>
      <p className={blocking.length ? 'hint' : 'ok-text'} role="status">
        {open.length === 0
          ? 'Every check passes.'
          : blocking.length === 0
            ? `${open.length} open ${open.length === 1 ? 'check is' : 'checks are'} acknowledged.`
            : `${blocking.length} of ${checks.length} ${blocking.length === 1 ? 'check is' : 'checks are'} open: fix ${blocking.length === 1 ? 'it' : 'them'}, or acknowledge ${blocking.length === 1 ? 'it' : 'each one'} by name.`}
      </p>
      <ul className="checks">
        {checks.map((c) => (
          <li key={c.id} className={c.ok ? 'pass' : acknowledged.includes(c.id) ? 'acknowledged' : 'open'}>
            <span className="mark" aria-hidden="true">
              {c.ok ? '✓' : acknowledged.includes(c.id) ? '•' : '✗'}
            </span>
            <div className="check-text">
              <strong>
                {c.label}
                <span className="visually-hidden">{c.ok ? ': passes' : acknowledged.includes(c.id) ? ': open, acknowledged' : ': open'}</span>
              </strong>
              <span className="hint">{c.detail}</span>
            </div>
            <div className="check-actions">
              {!c.ok && (
                <>
                  <button type="button" className="button small" onClick={() => onGoTo(c.pointer)}>
                    Fix: {c.label}
                  </button>
                  <label className="inline-check">
                    <input type="checkbox" checked={acknowledged.includes(c.id)} onChange={(e) => acknowledge(c, e.target.checked)} /> Acknowledge “{c.label}”
                  </label>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="launch-actions">
        {config.launch.launched ? (
          <>
            <p className="ok-text">This site is marked launched.</p>
            <button type="button" className="button subtle" onClick={() => onChange('/launch/launched', undefined)}>
              Mark as not launched
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button primary" disabled={blocking.length > 0} aria-describedby="launch-title" onClick={() => onChange('/launch/launched', true)}>
              Mark as launched
            </button>
            {blocking.length > 0 && <p className="hint">Available once every check passes or is acknowledged.</p>}
          </>
        )}
      </div>
    </section>
  );
}
