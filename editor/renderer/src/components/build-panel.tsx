import { useState } from 'react';
import type { BuildView } from '../session.ts';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Progress and report of "Build this tenant". */
export function BuildPanel({ build, onClose }: { build: BuildView; onClose: () => void }) {
  const last = build.events[build.events.length - 1];
  const progress = [...build.events].reverse().find((e) => e.progress !== undefined)?.progress;
  const r = build.report;
  // The report has three tables: expanded, it takes the whole window below the toolbar.
  const [wide, setWide] = useState(false);
  return (
    <section className={`build-panel${wide ? ' wide' : ''}`} aria-labelledby="build-title">
      <header className="panel-head">
        <h2 id="build-title">Production build of {build.slug}</h2>
        <span className={`pill ${build.state === 'done' ? 'ok' : build.state === 'failed' ? 'error' : 'info'}`}>
          {build.state === 'running' ? 'Building…' : build.state === 'done' ? 'Done' : 'Failed'}
        </span>
        {r ? (
          <button type="button" className="button subtle small" aria-pressed={wide} onClick={() => setWide(!wide)}>
            {wide ? 'Back beside the preview' : 'Expand the report'}
          </button>
        ) : null}
        <button type="button" className="button subtle small" onClick={onClose} disabled={build.state === 'running'}>
          Close
        </button>
      </header>
      {build.state === 'running' && (
        <div className="build-progress">
          <progress max={1} value={progress} aria-label="Build progress" />
          <p role="status" aria-live="polite">
            {last?.message ?? 'Starting…'}
          </p>
        </div>
      )}
      {build.state === 'failed' && (
        <pre className="build-error" role="alert">
          {build.error}
        </pre>
      )}
      {r && (
        <div className="build-report" aria-label="Build report">
          <dl className="figures">
            <div>
              <dt>Total JS</dt>
              <dd>
                {kb(r.totalJs.raw)} <span className="muted">({kb(r.totalJs.gzip)} gzip)</span>
              </dd>
            </div>
            <div>
              <dt>Build time</dt>
              <dd>{(r.durationMs / 1000).toFixed(1)} s</dd>
            </div>
            <div>
              <dt>Report</dt>
              <dd>
                <code>{r.reportPath}</code>
              </dd>
            </div>
          </dl>
          <h3>JS per page ({r.routes.length} pages on this site)</h3>
          <table className="report-pages">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Address</th>
                <th scope="col">JS to load after the first page (gzip)</th>
              </tr>
            </thead>
            <tbody>
              {r.routes.map((route) => (
                <tr key={`${route.route} ${route.address}`}>
                  <th scope="row">{route.route}</th>
                  <td>{route.address ? <code>{route.address}</code> : <span className="muted">all addresses</span>}</td>
                  <td>{kb(route.gzip)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Feature switches and their effect on this bundle</h3>
          <table>
            <thead>
              <tr>
                <th scope="col">Switch</th>
                <th scope="col">Value</th>
                <th scope="col">Code in bundle</th>
                <th scope="col">Effect</th>
              </tr>
            </thead>
            <tbody>
              {r.features.map((f) => (
                <tr key={f.name}>
                  <th scope="row">{f.name}</th>
                  <td>{f.value}</td>
                  <td className={f.modules > 0 && f.enabled !== f.inBundle ? 'bad' : ''}>{f.inBundle ? `Yes (${f.modules} modules)` : 'No'}</td>
                  <td>{f.effect}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Settings changed from their defaults ({r.changedSettings.length})</h3>
          {r.changedSettings.length === 0 ? (
            <p className="muted">Every setting is at its default.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Setting</th>
                  <th scope="col">Value (default)</th>
                  <th scope="col">Effect</th>
                </tr>
              </thead>
              <tbody>
                {r.changedSettings.map((c) => (
                  <tr key={c.setting}>
                    <th scope="row">
                      {c.label} <code className="muted">{c.setting}</code>
                    </th>
                    <td>
                      <code>{c.value.length > 60 ? `${c.value.slice(0, 57)}…` : c.value}</code> <span className="muted">({c.default.length > 30 ? `${c.default.slice(0, 27)}…` : c.default})</span>
                    </td>
                    <td>{c.effect}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {build.events.length > 0 && (
        <details className="build-log">
          <summary>Build log ({build.events.length} events)</summary>
          <ol>
            {build.events.map((e) => (
              <li key={e.seq}>
                <span className="muted">{new Date(e.at).toLocaleTimeString('en-AU')}</span> {e.phase}: {e.message}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
