import { useEffect } from 'react';
import type { TenantSummary } from '../../../shared/workspace-api.ts';

/** A performance mark set once the first names are on screen (`npm run bench -- editor` reads it). */
export const TENANT_LIST_SHOWN_MARK = 'tenant-list-shown';

export interface TenantListProps {
  tenants: TenantSummary[];
  current: string | undefined;
  dirty: string[];
  onOpen: (slug: string) => void;
  onNew: () => void;
  onDuplicate: (slug: string) => void;
  onRename: (slug: string) => void;
  onDelete: (slug: string) => void;
}

// Inline SVG icons: the editor loads no icon fonts and must not depend on the system's emoji.
const icon = (d: string) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const COPY = 'M8 8h12v12H8zM4 16V4h12';
const PEN = 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4';
const BIN = 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6';

/** The tenants folder: open, new, duplicate, rename, delete. */
export function TenantList({ tenants, current, dirty, onOpen, onNew, onDuplicate, onRename, onDelete }: TenantListProps) {
  const shown = tenants.length > 0;
  useEffect(() => {
    if (shown && performance.getEntriesByName(TENANT_LIST_SHOWN_MARK).length === 0) performance.mark(TENANT_LIST_SHOWN_MARK);
  }, [shown]);
  return (
    <nav className="tenant-list" aria-labelledby="tenants-title">
      <header className="panel-head">
        <h2 id="tenants-title">Tenants</h2>
        <button type="button" className="button primary small" onClick={onNew}>
          New tenant
        </button>
      </header>
      {tenants.length === 0 ? (
        <p className="empty">No tenants yet. Create one from a template.</p>
      ) : (
        <ul>
          {tenants.map((t) => {
            const isDirty = dirty.includes(t.slug);
            return (
              <li key={t.slug} className={t.slug === current ? 'current' : ''}>
                <button type="button" className="tenant-open" aria-current={t.slug === current ? 'page' : undefined} onClick={() => onOpen(t.slug)}>
                  <span className="tenant-name">
                    {t.name ?? t.slug}
                    {isDirty && (
                      <span className="dot" aria-label="unsaved changes" title="Unsaved changes">
                        ●
                      </span>
                    )}
                  </span>
                  <span className="tenant-slug">{t.slug}</span>
                  <span className="tenant-status">
                    {t.errors === undefined ? (
                      <span className="pill info">checking…</span>
                    ) : t.errors > 0 ? (
                      <span className="pill error">{t.errors} err</span>
                    ) : (
                      <span className="pill ok">valid</span>
                    )}
                    {(t.warnings ?? 0) > 0 && <span className="pill warning">{t.warnings} warn</span>}
                  </span>
                </button>
                <div className="tenant-actions">
                  <button type="button" className="icon-button" aria-label={`Duplicate ${t.slug}`} title="Duplicate" onClick={() => onDuplicate(t.slug)}>
                    {icon(COPY)}
                  </button>
                  <button type="button" className="icon-button" aria-label={`Rename ${t.slug}`} title="Rename" onClick={() => onRename(t.slug)}>
                    {icon(PEN)}
                  </button>
                  <button type="button" className="icon-button danger" aria-label={`Delete ${t.slug}`} title="Delete" onClick={() => onDelete(t.slug)}>
                    {icon(BIN)}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
