import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { parsePointer, joinPointer } from '../../../shared/json-locate.ts';
import { childSchema, compareWithDefaults, structuralShare, type SchemaNode } from '../../../shared/schema-walk.ts';
import type { EditorIssue } from '../../../shared/workspace-api.ts';
import type { AssetService } from './logo-field.tsx';
import { SchemaField, formSections, type FormContext } from './schema-form.tsx';

export interface FormViewProps {
  schema: SchemaNode;
  text: string;
  issues: EditorIssue[];
  onChange: (pointer: string, value: unknown) => void;
  filterRef?: React.Ref<HTMLInputElement>;
  /** Uploads and thumbnails of the tenant's images (the logo field's upload). */
  assets?: AssetService;
}

/**
 * Remembers the previous render's document, issues and default statuses so the form can tell
 * which fields changed (a plain object kept in state: render-time bookkeeping, not UI state).
 */
class ChangeTracker {
  private doc: unknown;
  private issues = new Map<string, EditorIssue[]>();
  private defaults = new Map<string, 'differs' | 'same'>();

  /** Re-parsed document with unchanged parts keeping their identity. */
  share<T>(next: T): T {
    this.doc = structuralShare(this.doc, next);
    return this.doc as T;
  }

  /** Pointers (and their ancestors) whose issues or default status changed. */
  changed(issues: Map<string, EditorIssue[]>, defaults: Map<string, 'differs' | 'same'>): Set<string> {
    const out = new Set<string>();
    const mark = (pointer: string) => {
      let tokens = parsePointer(pointer);
      for (;;) {
        out.add(joinPointer(tokens));
        if (tokens.length === 0) break;
        tokens = tokens.slice(0, -1);
      }
    };
    for (const p of new Set([...this.issues.keys(), ...issues.keys()])) {
      if (JSON.stringify(this.issues.get(p)) !== JSON.stringify(issues.get(p))) mark(p);
    }
    for (const p of new Set([...this.defaults.keys(), ...defaults.keys()])) if (this.defaults.get(p) !== defaults.get(p)) mark(p);
    this.issues = issues;
    this.defaults = defaults;
    return out;
  }
}

/** The form generated from the tenant schema, one section per top-level group. */
export function FormView({ schema, text, issues, onChange, filterRef, assets }: FormViewProps) {
  const siteName = useRef('');
  const [filter, setFilter] = useState('');
  // The sticky toolbar's height (its chips wrap with the pane's width): sections and fields
  // scrolled into view keep clear of it (scroll-margin-top in styles.css).
  const [toolbarHeight, setToolbarHeight] = useState(96);
  // Measured when the toolbar appears and whenever its size changes, not on every render: a
  // measure forces a layout of the whole form, and the form renders on every keystroke.
  const [toolbar, toolbarRef] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const el = toolbar;
    if (!el) return;
    const measure = () => setToolbarHeight(Math.ceil(el.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return; // jsdom (unit tests)
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [toolbar]);
  const [tracker] = useState(() => new ChangeTracker());
  const parsed = useMemo(() => {
    try {
      return { ok: true as const, doc: tracker.share(JSON.parse(text) as Record<string, unknown>) };
    } catch (err) {
      return { ok: false as const, error: err instanceof Error ? err.message : String(err) };
    }
  }, [text, tracker]);
  const issuesByPointer = useMemo(() => {
    const m = new Map<string, EditorIssue[]>();
    for (const i of issues) m.set(i.pointer, [...(m.get(i.pointer) ?? []), i]);
    return m;
  }, [issues]);
  const defaults = useMemo(
    () => new Map(parsed.ok ? compareWithDefaults(schema, parsed.doc).map((d) => [d.pointer, d.status] as const) : []),
    [schema, parsed],
  );
  const sections = useMemo(() => formSections(schema), [schema]);
  const changed = useMemo(() => tracker.changed(issuesByPointer, defaults), [tracker, issuesByPointer, defaults]);
  const name = parsed.ok && typeof parsed.doc?.name === 'string' ? parsed.doc.name : '';
  useLayoutEffect(() => {
    siteName.current = name;
  }, [name]);

  if (!parsed.ok || !parsed.doc || typeof parsed.doc !== 'object' || Array.isArray(parsed.doc)) {
    return (
      <div className="form-blocked" role="status">
        <h2>The form needs valid JSON</h2>
        <p>The JSON view has a syntax error{parsed.ok ? '' : `: ${parsed.error}`}. Fix it there (see Problems) and the form comes back.</p>
      </div>
    );
  }
  const doc = parsed.doc;
  const timeZone = typeof doc.timeZone === 'string' && doc.timeZone ? doc.timeZone : String((schema.properties?.timeZone as SchemaNode | undefined)?.default ?? 'Australia/Brisbane');
  const ctx: FormContext = { root: schema, issuesByPointer, defaults, timeZone: safeZone(timeZone), filter, onChange, changed, ...(assets ? { assets, siteName: () => siteName.current } : {}) };
  const required = new Set(schema.required ?? []);
  const errorCount = (keys: string[]) => issues.filter((i) => keys.some((k) => i.pointer === `/${k}` || i.pointer.startsWith(`/${k}/`)) && i.severity === 'error').length;

  return (
    <div className="form-view" style={{ '--toolbar-h': `${toolbarHeight}px` } as React.CSSProperties}>
      <div className="form-toolbar" ref={toolbarRef}>
        <label className="filter">
          <span className="visually-hidden">Find a field</span>
          <input ref={filterRef} type="search" placeholder="Find a field (Ctrl+F)" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <nav aria-label="Form sections" className="section-nav">
          {sections.map((s) => (
            <a key={s.id} href={`#section-${s.id}`} onClick={(e) => {
              e.preventDefault();
              const el = document.getElementById(`section-${s.id}`) as HTMLDetailsElement | null;
              if (el) {
                el.open = true;
                el.scrollIntoView({ block: 'start' });
              }
            }}>
              {s.title}
              {errorCount(s.keys) > 0 && <span className="pill error" aria-label={`${errorCount(s.keys)} errors`}>{errorCount(s.keys)}</span>}
            </a>
          ))}
        </nav>
      </div>
      <div className="form-sections">
        {sections.map((s) => (
          <details key={s.id} id={`section-${s.id}`} className="section" open>
            <summary>
              <h2>{s.title}</h2>
            </summary>
            <div className="section-body">
              {s.keys.map((k) => (
                <SchemaField key={k} ctx={ctx} pointer={`/${k}`} name={k} node={childSchema(schema, schema, k)} value={doc[k]} required={required.has(k)} />
              ))}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}

function safeZone(tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-AU', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return 'Australia/Brisbane';
  }
}
