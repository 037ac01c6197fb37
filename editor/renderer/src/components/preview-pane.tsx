import { useLayoutEffect, useRef, useState } from 'react';
import type { PreviewPage } from '../../../shared/workspace-api.ts';
import type { PreviewView } from '../session.ts';

const VIEWPORTS = [
  { id: 'phone', label: 'Phone', width: 390, height: 844 },
  { id: 'tablet', label: 'Tablet', width: 820, height: 1180 },
  { id: 'desktop', label: 'Desktop', width: 1366, height: 900 },
] as const;

const NO_PAGES: PreviewPage[] = [];

export interface PreviewPaneProps {
  preview: PreviewView;
  slug: string | undefined;
  /** Takes the preview back from another editor window. */
  onShowHere: () => void;
}

/** The tenant's site from the live preview server, at a chosen page and viewport, scaled to fit. */
export function PreviewPane({ preview, slug, onShowHere }: PreviewPaneProps) {
  const [pageId, setPageId] = useState('home');
  const [viewport, setViewport] = useState<(typeof VIEWPORTS)[number]['id']>('desktop');
  const frameHost = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const vp = VIEWPORTS.find((v) => v.id === viewport)!;
  // Only this window's tenant is ever framed: not another window's, not the last tenant before a new one.
  const showsThis = preview.shown === 'this' || preview.shown === 'last-valid';
  // The Page picker likewise lists this tenant's pages only (not the warm-up tenant's while this one's preview starts).
  const pages = showsThis && preview.slug === slug ? preview.pages : NO_PAGES;
  const page = pages.find((p) => p.id === pageId) ?? pages[0];

  useLayoutEffect(() => {
    const host = frameHost.current;
    if (!host) return;
    const fit = () => setScale(Math.min(1, (host.clientWidth - 16) / vp.width));
    fit();
    if (typeof ResizeObserver === 'undefined') return; // jsdom (unit tests)
    const ro = new ResizeObserver(fit);
    ro.observe(host);
    return () => ro.disconnect();
  }, [vp.width]);

  const src = preview.url && page && showsThis ? new URL(page.path, preview.url).toString() : undefined;

  return (
    <section className="preview" aria-labelledby="preview-title">
      <header className="panel-head preview-head">
        <h2 id="preview-title">Live preview</h2>
        <label className="inline-field">
          <span>Page</span>
          <select value={page?.id ?? ''} onChange={(e) => setPageId(e.target.value)} disabled={!pages.length}>
            {pages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="Viewport">
          {VIEWPORTS.map((v) => (
            <button key={v.id} type="button" aria-pressed={viewport === v.id} onClick={() => setViewport(v.id)} title={`${v.width} × ${v.height}`}>
              {v.label}
            </button>
          ))}
        </div>
      </header>
      {preview.note && preview.shown !== 'placeholder' && (
        <p className="preview-note" role="status">
          {preview.note}
        </p>
      )}
      <div className="frame-host" ref={frameHost}>
        {!slug ? (
          <p className="empty">Open a tenant to see its site here.</p>
        ) : preview.shown === 'placeholder' ? (
          <p className="empty" role="status">
            {preview.note ?? `The preview appears once ${slug} is valid.`}
          </p>
        ) : preview.shown === 'other' ? (
          <div className="empty" role="status">
            <p>The preview is showing {preview.slug ?? 'a tenant'} for another editor window.</p>
            <button type="button" onClick={onShowHere}>
              Show {slug} here
            </button>
          </div>
        ) : preview.state === 'ready' && src ? (
          <div className="frame-scaler" style={{ width: vp.width * scale, height: vp.height * scale }}>
            {/* oxlint-disable-next-line react/iframe-missing-sandbox -- the preview is another origin (its own dev server); it needs its origin for /api and HMR, and cannot reach the editor */}
            <iframe sandbox="allow-scripts allow-same-origin allow-forms"
              key={`${slug}-${viewport}`}
              title={`Preview of ${slug}: ${page?.label ?? ''} (${vp.label})`}
              src={src}
              data-preview-version={preview.version}
              style={{ width: vp.width, height: vp.height, transform: `scale(${scale})` }}
              referrerPolicy="no-referrer"
            />
          </div>
        ) : preview.state === 'error' ? (
          <p className="empty error" role="alert">
            {preview.message ?? 'The preview server failed to start.'}
          </p>
        ) : (
          <p className="empty" role="status">
            {preview.state === 'starting' && preview.step ? `Starting the preview: ${preview.step}` : 'Starting the preview server…'}
          </p>
        )}
      </div>
      <footer className="preview-foot">
        <span>
          {vp.label} · {vp.width} × {vp.height} · {Math.round(scale * 100)}%
        </span>
        {src && (
          <a href={src} target="_blank" rel="noreferrer noopener">
            Open page in a new tab
          </a>
        )}
      </footer>
    </section>
  );
}
