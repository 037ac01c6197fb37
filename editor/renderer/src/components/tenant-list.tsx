import type { TenantSummary } from '../../../shared/workspace-api.ts';

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

/** The tenants folder: open, new, duplicate, rename, delete. */
export function TenantList({ tenants, current, dirty, onOpen, onNew, onDuplicate, onRename, onDelete }: TenantListProps) {
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
                    {t.errors > 0 ? (
                      <span className="pill error">{t.errors} err</span>
                    ) : (
                      <span className="pill ok">valid</span>
                    )}
                    {t.warnings > 0 && <span className="pill warning">{t.warnings} warn</span>}
                  </span>
                </button>
                <div className="tenant-actions">
                  <button type="button" className="icon-button" aria-label={`Duplicate ${t.slug}`} title="Duplicate" onClick={() => onDuplicate(t.slug)}>
                    ⧉
                  </button>
                  <button type="button" className="icon-button" aria-label={`Rename ${t.slug}`} title="Rename" onClick={() => onRename(t.slug)}>
                    ✎
                  </button>
                  <button type="button" className="icon-button danger" aria-label={`Delete ${t.slug}`} title="Delete" onClick={() => onDelete(t.slug)}>
                    🗑
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
