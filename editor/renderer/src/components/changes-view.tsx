import { useMemo } from 'react';
import { diffHunks, diffLines } from '../../../shared/line-diff.ts';
import { compareWithDefaults, type SchemaNode } from '../../../shared/schema-walk.ts';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Unified diff of two texts, shown as a table of lines. */
export function DiffTable({ oldText, newText, label }: { oldText: string; newText: string; label: string }) {
  const hunks = useMemo(() => diffHunks(diffLines(oldText, newText)), [oldText, newText]);
  if (hunks.length === 0) return <p className="empty">No differences.</p>;
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="diff" role="region" aria-label={label} tabIndex={0}>
      {hunks.map((h, n) => (
        <table key={n} className="hunk">
          <tbody>
            {h.map((l, i) => (
              <tr key={i} className={l.kind}>
                <td className="ln">{l.oldLine ?? ''}</td>
                <td className="ln">{l.newLine ?? ''}</td>
                <td className="mark" aria-label={l.kind === 'add' ? 'added' : l.kind === 'remove' ? 'removed' : 'unchanged'}>
                  {l.kind === 'add' ? '+' : l.kind === 'remove' ? '−' : ' '}
                </td>
                <td className="code">
                  <code>{l.text}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** The "Changes" tab: diff against the saved file and every value that differs from its default. */
export function ChangesView({ schema, text, savedText, onGoTo }: { schema: SchemaNode; text: string; savedText: string; onGoTo: (pointer: string) => void }) {
  const defaults = useMemo(() => {
    try {
      return compareWithDefaults(schema, JSON.parse(text));
    } catch {
      return undefined;
    }
  }, [schema, text]);
  const differs = defaults?.filter((d) => d.status === 'differs') ?? [];
  const same = defaults?.filter((d) => d.status === 'same') ?? [];
  return (
    <div className="changes-view">
      <section aria-labelledby="diff-title">
        <h2 id="diff-title">Unsaved changes (diff against the saved file)</h2>
        <DiffTable oldText={savedText} newText={text} label="Diff against the saved file" />
      </section>
      <section aria-labelledby="defaults-title">
        <h2 id="defaults-title">Values that differ from the defaults ({differs.length})</h2>
        {defaults === undefined ? (
          <p className="empty">Fix the JSON syntax error to compare with the defaults.</p>
        ) : (
          <table className="defaults-table">
            <thead>
              <tr>
                <th scope="col">Setting</th>
                <th scope="col">This tenant</th>
                <th scope="col">Default</th>
              </tr>
            </thead>
            <tbody>
              {differs.map((d) => (
                <tr key={d.pointer}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => onGoTo(d.pointer)} aria-label={`Show ${d.pointer} in the form`}>
                      <code>{d.pointer}</code>
                    </button>
                  </th>
                  <td>{show(d.value)}</td>
                  <td className="muted">{show(d.default)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {same.length > 0 && (
          <p className="hint">
            {same.length} value{same.length === 1 ? '' : 's'} repeat{same.length === 1 ? 's' : ''} the default and could be removed:{' '}
            {same.map((d) => d.pointer).join(', ')}
          </p>
        )}
      </section>
    </div>
  );
}
