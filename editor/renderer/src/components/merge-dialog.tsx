import { useMemo, useState } from 'react';
import { defaultChoice, type MergeChange } from '../../../shared/merge.ts';
import type { SchemaNode } from '../../../shared/schema-walk.ts';
import { settingLabel } from '../../../shared/setting-label.ts';
import { Modal, ModalActions } from './dialogs.tsx';

const KIND_LABEL: Record<MergeChange['kind'], string> = {
  mine: 'Only you changed it',
  theirs: 'Only the version on disk changed it (a colleague, or another program)',
  conflict: 'Both changed it',
};

function show(v: unknown): string {
  if (v === undefined) return '(not set)';
  if (typeof v === 'string') return v.length > 80 ? `${v.slice(0, 77)}…` : v || '(empty)';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Each change with the name staff know it by ("Service Centre › Phone"), read from any of the three texts. */
function useLabels(schema: SchemaNode, changes: readonly MergeChange[], texts: { base: string; disk: string; mine: string }) {
  return useMemo(() => {
    const docs = [parsed(texts.mine), parsed(texts.disk), parsed(texts.base)];
    return new Map(changes.map((c) => [c.pointer, settingLabel(schema, docs, c.pointer)]));
  }, [schema, changes, texts.base, texts.disk, texts.mine]);
}

export interface ThreeSides {
  /** The file as this editor last opened or saved it. */
  base: string;
  /** The file on disk now. */
  disk: string;
  /** The text in this editor. */
  mine: string;
}

/**
 * "Show differences": every setting changed since the file was opened, with its three values —
 * as saved then, on disk now, and yours — so a colleague's change never looks like your edit.
 */
export function DifferencesDialog({ slug, schema, changes, texts, onClose, onMerge }: { slug: string; schema: SchemaNode; changes: MergeChange[]; texts: ThreeSides; onClose: () => void; onMerge: () => void }) {
  const labels = useLabels(schema, changes, texts);
  return (
    <Modal title={`Differences in tenants/${slug}.json`} onClose={onClose} wide>
      <div className="modal-body stack">
        <p>
          {changes.length} {changes.length === 1 ? 'setting differs' : 'settings differ'} from the version you opened.
        </p>
        <table className="merge-table">
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">When you opened it</th>
              <th scope="col">On disk now</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.pointer} className={c.kind === 'conflict' ? 'conflict' : undefined}>
                <th scope="row" title={c.pointer}>
                  {labels.get(c.pointer)}
                  <small className="hint">{KIND_LABEL[c.kind]}</small>
                </th>
                <td>
                  <code>{show(c.base)}</code>
                </td>
                <td className={c.kind !== 'mine' ? 'changed' : undefined}>
                  <code>{show(c.theirs)}</code>
                </td>
                <td className={c.kind !== 'theirs' ? 'changed' : undefined}>
                  <code>{show(c.mine)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ModalActions cancelLabel="Close" onCancel={onClose} action={{ label: 'Merge changes…', onClick: onMerge }} />
    </Modal>
  );
}

/**
 * The three-way merge after a disk conflict: every change since the saved base, from either side,
 * with its three values and its own choice (yours or the disk's). Nothing is dropped without being listed.
 */
export function MergeDialog({ slug, schema, changes, texts, onApply, onCancel }: { slug: string; schema: SchemaNode; changes: MergeChange[]; texts: ThreeSides; onApply: (choices: Map<string, 'mine' | 'theirs'>) => void; onCancel: () => void }) {
  const [choices, setChoices] = useState(() => new Map(changes.map((c) => [c.pointer, defaultChoice(c)])));
  const labels = useLabels(schema, changes, texts);
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
              <th scope="col">When you opened it</th>
              <th scope="col">Keep</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => {
              const name = `merge-${c.pointer}`;
              const label = labels.get(c.pointer) ?? c.pointer;
              const pick = (v: 'mine' | 'theirs') => setChoices((m) => new Map(m).set(c.pointer, v));
              return (
                <tr key={c.pointer} className={c.kind === 'conflict' ? 'conflict' : undefined}>
                  <th scope="row" title={c.pointer}>
                    {label}
                    <small className="hint">{KIND_LABEL[c.kind]}</small>
                  </th>
                  <td>
                    <code>{show(c.base)}</code>
                  </td>
                  {/* oxlint-disable-next-line jsx-a11y/control-has-associated-label -- the cell holds a fieldset with its legend and two labelled radios */}
                  <td>
                    <fieldset className="merge-choice">
                      <legend className="visually-hidden">Keep for {label}</legend>
                      <label>
                        <input type="radio" name={name} checked={choices.get(c.pointer) === 'mine'} onChange={() => pick('mine')} /> Yours: <code>{show(c.mine)}</code>
                      </label>
                      <label>
                        <input type="radio" name={name} checked={choices.get(c.pointer) === 'theirs'} onChange={() => pick('theirs')} /> On disk: <code>{show(c.theirs)}</code>
                      </label>
                    </fieldset>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ModalActions onCancel={onCancel} action={{ label: 'Apply merge', onClick: () => onApply(choices) }} />
    </Modal>
  );
}
