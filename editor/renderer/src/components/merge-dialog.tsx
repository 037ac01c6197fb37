import { useState } from 'react';
import { defaultChoice, type MergeChange } from '../../../shared/merge.ts';
import { Modal } from './dialogs.tsx';

const KIND_LABEL: Record<MergeChange['kind'], string> = {
  mine: 'Only you changed it',
  theirs: 'Only the disk version changed it',
  conflict: 'Both changed it',
};

function show(v: unknown): string {
  if (v === undefined) return '(not set)';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

/**
 * The three-way merge after a disk conflict: every change since the saved base, from either side,
 * each with its own choice (yours or the disk's). Nothing is dropped without being listed.
 */
export function MergeDialog({ slug, changes, onApply, onCancel }: { slug: string; changes: MergeChange[]; onApply: (choices: Map<string, 'mine' | 'theirs'>) => void; onCancel: () => void }) {
  const [choices, setChoices] = useState(() => new Map(changes.map((c) => [c.pointer, defaultChoice(c)])));
  const conflicts = changes.filter((c) => c.kind === 'conflict').length;
  return (
    <Modal title={`Merge changes to tenants/${slug}.json`} onClose={onCancel} wide>
      <div className="modal-body stack">
        <p>
          {changes.length} {changes.length === 1 ? 'setting was' : 'settings were'} changed since you opened the file
          {conflicts ? `; ${conflicts} changed on both sides — choose which to keep` : ''}. The result replaces your text (Undo brings it back) and is saved when you save.
        </p>
        <table className="merge-table">
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">Before</th>
              <th scope="col">Keep</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => {
              const name = `merge-${c.pointer}`;
              const pick = (v: 'mine' | 'theirs') => setChoices((m) => new Map(m).set(c.pointer, v));
              return (
                <tr key={c.pointer} className={c.kind === 'conflict' ? 'conflict' : undefined}>
                  <th scope="row">
                    <code>{c.pointer || '(whole file)'}</code>
                    <small className="hint">{KIND_LABEL[c.kind]}</small>
                  </th>
                  <td>
                    <code>{show(c.base)}</code>
                  </td>
                  {/* oxlint-disable-next-line jsx-a11y/control-has-associated-label -- the cell holds a fieldset with its legend and two labelled radios */}
                  <td>
                    <fieldset className="merge-choice">
                      <legend className="visually-hidden">Keep for {c.pointer}</legend>
                      <label>
                        <input type="radio" name={name} checked={choices.get(c.pointer) === 'mine'} onChange={() => pick('mine')} /> Yours: <code>{show(c.mine)}</code>
                      </label>
                      <label>
                        <input type="radio" name={name} checked={choices.get(c.pointer) === 'theirs'} onChange={() => pick('theirs')} /> Disk: <code>{show(c.theirs)}</code>
                      </label>
                    </fieldset>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="modal-actions">
        <button type="button" className="button subtle" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button primary" onClick={() => onApply(choices)}>
          Apply merge
        </button>
      </div>
    </Modal>
  );
}
