import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TenantSummary } from '../../../shared/workspace-api.ts';

/** A modal built on <dialog>: focus trap, Escape and the top layer come from the browser. */
export function Modal({ title, children, onClose, wide }: { title: string; children: ReactNode; onClose: () => void; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal ${wide ? 'wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  extra?: ReactNode;
}) {
  return (
    <Modal title={props.title} onClose={props.onCancel}>
      <div className="modal-body">{props.children}</div>
      <div className="modal-actions">
        {props.extra}
        <button type="button" className="button subtle" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className={`button ${props.danger ? 'danger' : 'primary'}`} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function slugProblem(slug: string, taken: string[]): string | undefined {
  if (!slug) return 'Enter a slug.';
  if (!SLUG.test(slug)) return 'Use lower-case letters, digits and single hyphens (e.g. smith-motors).';
  if (slug.length > 63) return 'At most 63 characters.';
  if (taken.includes(slug)) return `A tenant named "${slug}" already exists.`;
  return undefined;
}

/** New tenant from a template, or a duplicate of an existing one. */
export function NewTenantDialog({
  templates,
  tenants,
  duplicateOf,
  onSubmit,
  onCancel,
}: {
  templates: { id: string; label: string; description: string }[];
  tenants: TenantSummary[];
  duplicateOf?: string;
  onSubmit: (slug: string, name: string, from: { kind: 'template'; template: string } | { kind: 'duplicate'; source: string }) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [slug, setSlug] = useState(duplicateOf ? `${duplicateOf}-copy` : '');
  const [name, setName] = useState('');
  const [source, setSource] = useState<string>(duplicateOf ? `dup:${duplicateOf}` : `tpl:${templates[0]?.id ?? ''}`);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = slugProblem(slug, tenants.map((t) => t.slug));
  const nameProblem = name.trim() ? undefined : 'Enter the dealer or group name.';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem || nameProblem) return;
    setBusy(true);
    const from = source.startsWith('dup:') ? { kind: 'duplicate' as const, source: source.slice(4) } : { kind: 'template' as const, template: source.slice(4) };
    const ok = await onSubmit(slug, name.trim(), from);
    setBusy(false);
    if (ok) onCancel();
  };
  const tpl = templates.find((t) => `tpl:${t.id}` === source);
  return (
    <Modal title={duplicateOf ? `Duplicate ${duplicateOf}` : 'New tenant'} onClose={onCancel}>
      <form onSubmit={submit} noValidate className="modal-body stack">
        <label className="stacked">
          <span>Slug (file name and host)</span>
          <input value={slug} onChange={(e) => setSlug(e.target.value.trim())} aria-invalid={touched && !!problem} aria-describedby="new-slug-help" spellCheck={false} />
          <small id="new-slug-help" className={touched && problem ? 'error-text' : 'hint'}>
            {touched && problem ? problem : `Creates tenants/${slug || '<slug>'}.json, previewed at ${slug || '<slug>'}.localhost`}
          </small>
        </label>
        <label className="stacked">
          <span>Site name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} aria-invalid={touched && !!nameProblem} aria-describedby="new-name-help" />
          <small id="new-name-help" className={touched && nameProblem ? 'error-text' : 'hint'}>
            {touched && nameProblem ? nameProblem : 'Shown in the header, title and footer.'}
          </small>
        </label>
        <label className="stacked">
          <span>Start from</span>
          <select value={source} onChange={(e) => setSource(e.target.value)}>
            <optgroup label="Templates">
              {templates.map((t) => (
                <option key={t.id} value={`tpl:${t.id}`}>
                  {t.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Copy of an existing tenant">
              {tenants.map((t) => (
                <option key={t.slug} value={`dup:${t.slug}`}>
                  {t.name ?? t.slug} ({t.slug})
                </option>
              ))}
            </optgroup>
          </select>
          {tpl && <small className="hint">{tpl.description}</small>}
        </label>
        <div className="modal-actions">
          <button type="button" className="button subtle" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create tenant'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function RenameDialog({ from, tenants, onSubmit, onCancel }: { from: string; tenants: TenantSummary[]; onSubmit: (to: string) => Promise<boolean>; onCancel: () => void }) {
  const [to, setTo] = useState(from);
  const [touched, setTouched] = useState(false);
  const problem = to === from ? 'Enter a different slug.' : slugProblem(to, tenants.map((t) => t.slug));
  return (
    <Modal title={`Rename ${from}`} onClose={onCancel}>
      <form
        className="modal-body stack"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setTouched(true);
          if (problem) return;
          if (await onSubmit(to)) onCancel();
        }}
      >
        <label className="stacked">
          <span>New slug</span>
          <input value={to} onChange={(e) => setTo(e.target.value.trim())} aria-invalid={touched && !!problem} aria-describedby="rename-help" spellCheck={false} />
          <small id="rename-help" className={touched && problem ? 'error-text' : 'hint'}>
            {touched && problem ? problem : `Renames the file to tenants/${to}.json and sets "slug" inside it.`}
          </small>
        </label>
        <div className="modal-actions">
          <button type="button" className="button subtle" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Rename
          </button>
        </div>
      </form>
    </Modal>
  );
}
