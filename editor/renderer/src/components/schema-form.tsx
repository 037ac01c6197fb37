import { Fragment, memo, useMemo, useState, type ReactNode } from 'react';
import { childSchema, resolveNode, skeletonFor, type SchemaNode } from '../../../shared/schema-walk.ts';
import { isoToZonedLocal, zonedLocalToIso } from '../../../../schema/zoned-time.ts';
import type { EditorIssue } from '../../../shared/workspace-api.ts';
import { humanize, fieldId } from '../labels.ts';
import { LogoField, type AssetService, type LogoValue } from './logo-field.tsx';
import { SpecialHoursField, WeekHoursField, type DayHours, type SpecialDayHours } from './week-hours.tsx';
import unreadSettings from '../../../../schema/unread-settings.json';
import { settingPathOf, UNREAD_NOTE } from '../../../shared/schema-docs.ts';
import { itemLabel as itemTitle } from '../../../shared/item-label.ts';
import { helpParts } from '../../../shared/setting-label.ts';
import { revealField } from './reveal-field.ts';

/** Settings no code reads yet (schema/unread-settings.json, kept current by `npm run gen:schema -- --unread`). */
const UNREAD: ReadonlySet<string> = new Set(unreadSettings);

export interface FormContext {
  root: SchemaNode;
  issuesByPointer: Map<string, EditorIssue[]>;
  defaults: Map<string, 'differs' | 'same'>;
  timeZone: string;
  filter: string;
  onChange: (pointer: string, value: unknown) => void;
  /** Pointers (with their ancestors) whose issues or default status changed since the last render. */
  changed: Set<string>;
  /** Uploads and thumbnails of the tenant's images (the logo); without it the logo is edited as plain fields. */
  assets?: AssetService;
  /** The site name as edited now (an uploaded logo's default alternative text). */
  siteName?: () => string;
}

/**
 * Re-render a field only when its value, schema or context really changed: with hundreds of
 * fields, re-rendering all of them on each keystroke would eat the 50 ms diagnostics budget.
 */
function sameField(a: FieldProps, b: FieldProps): boolean {
  return (
    a.value === b.value &&
    a.node === b.node &&
    a.pointer === b.pointer &&
    a.name === b.name &&
    a.required === b.required &&
    a.ctx.filter === b.ctx.filter &&
    a.ctx.timeZone === b.ctx.timeZone &&
    a.ctx.onChange === b.ctx.onChange &&
    a.ctx.root === b.ctx.root &&
    !b.ctx.changed.has(b.pointer)
  );
}

const IDENTITY = ['slug', 'name', 'template', 'siteUrl', 'timeZone', 'defaultState'];

/** Top-level sections of the form, in schema order, with the identity fields first. */
export function formSections(root: SchemaNode): { id: string; title: string; keys: string[] }[] {
  const props = Object.keys(resolveNode(root, root)?.properties ?? {}).filter((k) => k !== '$schema');
  const sections = [{ id: 'general', title: 'General', keys: props.filter((k) => IDENTITY.includes(k)) }];
  for (const k of props) if (!IDENTITY.includes(k)) sections.push({ id: k, title: humanize(k), keys: [k] });
  return sections;
}

function typeOf(node: SchemaNode | undefined): string | undefined {
  if (!node) return undefined;
  if (Array.isArray(node.type)) return node.type.find((t) => t !== 'null');
  if (node.type) return node.type;
  if (node.enum) return typeof node.enum[0];
  if (node.properties) return 'object';
  return undefined;
}

function isColour(node: SchemaNode): boolean {
  return node.pattern === '^#[0-9a-fA-F]{6}$' || node.format === 'color' || node.format === 'colour';
}

/** Whether a field or any field inside it matches the "find field" filter. */
function matchesFilter(ctx: FormContext, pointer: string, label: string, node: SchemaNode | undefined, value: unknown): boolean {
  const f = ctx.filter.trim().toLowerCase();
  if (!f) return true;
  if (label.toLowerCase().includes(f) || pointer.toLowerCase().includes(f)) return true;
  if (node?.description?.toLowerCase().includes(f)) return true;
  // A value matches too: staff search for the phone number or suburb they see on the site.
  if ((typeof value === 'string' || typeof value === 'number') && String(value).toLowerCase().includes(f)) return true;
  const t = typeOf(node);
  if (t === 'object' && node) {
    for (const k of Object.keys(node.properties ?? {})) {
      const child = childSchema(ctx.root, node, k);
      if (matchesFilter(ctx, `${pointer}/${k}`, humanize(k), child, (value as Record<string, unknown> | undefined)?.[k])) return true;
    }
  }
  // Inside lists: a location's phone is found under Dealer › Locations.
  if (t === 'array' && node && Array.isArray(value)) {
    const itemNode = resolveNode(ctx.root, node.items);
    return value.some((item, idx) => matchesFilter(ctx, `${pointer}/${idx}`, itemTitle(item) ?? '', itemNode, item));
  }
  return false;
}

/** Whether a list item's own title matches the filter (then all of it shows, not only matching fields). */
function titleMatches(ctx: FormContext, item: unknown): boolean {
  const f = ctx.filter.trim().toLowerCase();
  return !!f && (itemTitle(item)?.toLowerCase().includes(f) ?? false);
}

/**
 * A setting's help text, where the settings it names read as they do in the form ("Search ›
 * Search history length", not the file's "search.searchHistoryLength") and go there when pressed.
 */
function HelpText({ root, text }: { root: SchemaNode; text: string }) {
  const parts = useMemo(() => helpParts(root, text), [root, text]);
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <button key={index} type="button" className="link-button" onClick={() => revealField(part.pointer)}>
            {part.label}
          </button>
        ),
      )}
    </>
  );
}

function Help({ root, node, id }: { root: SchemaNode; node: SchemaNode; id: string }) {
  const range = rangeText(node);
  const dflt = 'default' in node && node.default !== undefined && typeof node.default !== 'object' ? `Default: ${String(node.default)}` : '';
  const rest = [range, dflt].filter(Boolean).join(' · ');
  if (!node.description && !rest) return null;
  return (
    <p className="field-help" id={id}>
      {node.description ? <HelpText root={root} text={node.description} /> : null}
      {node.description && rest ? ' · ' : null}
      {rest}
    </p>
  );
}

function rangeText(node: SchemaNode): string {
  const min = node.minimum ?? node.exclusiveMinimum;
  const max = node.maximum ?? node.exclusiveMaximum;
  if (min !== undefined && max !== undefined) return `Range ${min} to ${max}`;
  if (min !== undefined) return `At least ${min}`;
  if (max !== undefined) return `At most ${max}`;
  return '';
}

function FieldIssues({ issues, id }: { issues: EditorIssue[] | undefined; id: string }) {
  if (!issues?.length) return null;
  return (
    <ul className="field-issues" id={id}>
      {issues.map((i, n) => (
        <li key={n} className={i.severity}>
          {i.message}
        </li>
      ))}
    </ul>
  );
}

function DefaultBadge({ ctx, pointer, label, hasValue }: { ctx: FormContext; pointer: string; label: string; hasValue: boolean }) {
  const status = ctx.defaults.get(pointer);
  if (!hasValue || !status) return null;
  return (
    <span className={`default-badge ${status}`}>
      {status === 'differs' ? 'Changed from default' : 'Same as default'}
      <button type="button" className="link-button" onClick={() => ctx.onChange(pointer, undefined)} aria-label={`Reset ${label} to its default`}>
        Reset
      </button>
    </span>
  );
}

interface FieldProps {
  ctx: FormContext;
  pointer: string;
  name: string;
  node: SchemaNode | undefined;
  value: unknown;
  required?: boolean;
}

/** One schema-described value: picks the control from the schema (switch, select, number, colour…). */
export const SchemaField = memo(function SchemaField({ ctx, pointer, name, node, value, required }: FieldProps): ReactNode {
  const label = node?.title ?? humanize(name);
  if (!matchesFilter(ctx, pointer, label, node, value)) return null;
  const id = fieldId(pointer);
  const issues = ctx.issuesByPointer.get(pointer);
  const unused = UNREAD.has(settingPathOf(pointer));
  const describedBy = [`${id}-help`, issues?.length ? `${id}-issues` : '', unused ? `${id}-unused` : ''].filter(Boolean).join(' ');
  const t = typeOf(node);
  if (!node) return <RawJsonField ctx={ctx} pointer={pointer} label={label} value={value} />;
  if (t === 'object' && (node.properties || value === undefined || typeof value === 'object')) {
    if (!node.properties) return <RawJsonField ctx={ctx} pointer={pointer} label={label} value={value} node={node} />;
    const fields = <ObjectField ctx={ctx} pointer={pointer} label={label} node={node} value={value as Record<string, unknown> | undefined} />;
    if (pointer === '/theme/logo' && ctx.assets) {
      return (
        <LogoField pointer={pointer} value={value as LogoValue | undefined} siteName={ctx.siteName ?? (() => '')} assets={ctx.assets} onChange={(v) => ctx.onChange(pointer, v)}>
          {fields}
        </LogoField>
      );
    }
    return fields;
  }
  if (t === 'array' && name === 'specialHours') return <SpecialHoursField pointer={pointer} label="Special and holiday hours" value={value as SpecialDayHours[] | undefined} onChange={(v) => ctx.onChange(pointer, v)} />;
  if (t === 'array' && name === 'openingHours') return <WeekHoursField pointer={pointer} label={label} value={value as DayHours[] | undefined} onChange={(v) => ctx.onChange(pointer, v)} />;
  if (t === 'array') return <ArrayField ctx={ctx} pointer={pointer} label={label} node={node} value={value as unknown[] | undefined} />;

  const hasValue = value !== undefined;
  const effective = hasValue ? value : node.default;
  const invalid = issues?.some((i) => i.severity === 'error') ?? false;
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    'aria-invalid': invalid || undefined,
    'data-pointer': pointer,
  } as const;

  let control: ReactNode;
  if (t === 'boolean') {
    const on = effective === true;
    control = (
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        className={`switch ${on ? 'on' : ''}`}
        onClick={() => ctx.onChange(pointer, !on)}
        {...common}
      >
        <span className="switch-thumb" aria-hidden="true" />
        <span className="switch-text">{on ? 'On' : 'Off'}</span>
      </button>
    );
  } else if (node.enum) {
    control = (
      <select {...common} value={effective === undefined ? '' : JSON.stringify(effective)} onChange={(e) => ctx.onChange(pointer, e.target.value === '' ? undefined : JSON.parse(e.target.value))}>
        {effective === undefined && <option value="">Choose…</option>}
        {node.enum.map((v) => (
          <option key={JSON.stringify(v)} value={JSON.stringify(v)}>
            {String(v)}
            {node.default === v ? ' (default)' : ''}
          </option>
        ))}
      </select>
    );
  } else if (t === 'number' || t === 'integer') {
    control = <NumberInput common={common} node={node} integer={t === 'integer'} value={value as number | undefined} onChange={(v) => ctx.onChange(pointer, v)} />;
  } else if (t === 'string' && node.format === 'date-time') {
    control = (
      <span className="datetime">
        <input
          type="datetime-local"
          {...common}
          value={typeof value === 'string' ? isoToZonedLocal(value, ctx.timeZone) : ''}
          onChange={(e) => {
            const iso = zonedLocalToIso(e.target.value, ctx.timeZone);
            if (iso) ctx.onChange(pointer, iso);
          }}
        />
        <span className="zone">{ctx.timeZone}</span>
      </span>
    );
  } else if (t === 'string' && isColour(node)) {
    const colour = typeof effective === 'string' && /^#[0-9a-fA-F]{6}$/.test(effective) ? effective : '#000000';
    control = (
      <span className="colour">
        <input type="color" aria-label={`${label} colour picker`} value={colour.toLowerCase()} onChange={(e) => ctx.onChange(pointer, e.target.value)} />
        <input type="text" {...common} value={typeof value === 'string' ? value : ''} placeholder={typeof node.default === 'string' ? node.default : '#rrggbb'} onChange={(e) => ctx.onChange(pointer, e.target.value === '' ? undefined : e.target.value)} spellCheck={false} />
      </span>
    );
  } else if (t === 'string') {
    // An email address or a web address is one line, however long it may be.
    const oneLine = node.format === 'email' || node.format === 'uri';
    const long = !oneLine && ((node.maxLength ?? 0) > 160 || (typeof node.default === 'string' && node.default.length > 60) || (typeof value === 'string' && value.length > 80));
    const props = {
      ...common,
      value: typeof value === 'string' ? value : '',
      placeholder: typeof node.default === 'string' ? node.default : '',
      onChange: (e: { target: { value: string } }) => ctx.onChange(pointer, e.target.value === '' && !required ? undefined : e.target.value),
    };
    control = long ? <textarea rows={3} {...props} /> : <input type={node.format === 'email' ? 'email' : node.format === 'uri' ? 'url' : 'text'} {...props} />;
  } else {
    return <RawJsonField ctx={ctx} pointer={pointer} label={label} value={value} node={node} />;
  }

  return (
    <div className={`field ${invalid ? 'has-error' : ''}`} data-field={pointer}>
      <div className="field-head">
        {t === 'boolean' ? (
          <span className="field-label" id={`${id}-label`}>
            {label}
            {required && <span className="required" aria-hidden="true"> *</span>}
          </span>
        ) : (
          <label className="field-label" htmlFor={id} id={`${id}-label`}>
            {label}
            {required && <span className="required" aria-hidden="true"> *</span>}
          </label>
        )}
        {unused && (
          <span className="pill unused" id={`${id}-unused`} title="No page of the site reads this setting yet; changing it has no effect for now.">
            {UNREAD_NOTE}
          </span>
        )}
        <DefaultBadge ctx={ctx} pointer={pointer} label={label} hasValue={hasValue} />
      </div>
      {control}
      <FieldIssues issues={issues} id={`${id}-issues`} />
      <Help root={ctx.root} node={node} id={`${id}-help`} />
    </div>
  );
}, sameField);

function NumberInput({
  common,
  node,
  integer,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  node: SchemaNode;
  integer: boolean;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // Follow changes made elsewhere (JSON view, undo) without fighting a half-typed "1.".
    setSeen(value);
    if (value === undefined ? text !== '' : Number(text) !== value) setText(value === undefined ? '' : String(value));
  }
  return (
    <input
      type="number"
      {...common}
      inputMode={integer ? 'numeric' : 'decimal'}
      min={node.minimum}
      max={node.maximum}
      step={node.multipleOf ?? (integer ? 1 : 'any')}
      placeholder={node.default !== undefined ? String(node.default) : ''}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '') onChange(undefined);
        else if (!Number.isNaN(e.target.valueAsNumber)) onChange(e.target.valueAsNumber);
      }}
    />
  );
}

function ObjectField({ ctx, pointer, label, node, value }: { ctx: FormContext; pointer: string; label: string; node: SchemaNode; value: Record<string, unknown> | undefined }) {
  const required = new Set(node.required ?? []);
  const issues = ctx.issuesByPointer.get(pointer);
  const id = fieldId(pointer);
  return (
    <fieldset className="group" id={id} tabIndex={-1} data-field={pointer}>
      <legend>{label}</legend>
      {node.description && (
        <p className="field-help">
          <HelpText root={ctx.root} text={node.description} />
        </p>
      )}
      <FieldIssues issues={issues} id={`${id}-issues`} />
      {Object.keys(node.properties ?? {}).map((k) => (
        <SchemaField key={k} ctx={ctx} pointer={`${pointer}/${k}`} name={k} node={childSchema(ctx.root, node, k)} value={value?.[k]} required={required.has(k)} />
      ))}
    </fieldset>
  );
}

function ArrayField({ ctx, pointer, label, node, value }: { ctx: FormContext; pointer: string; label: string; node: SchemaNode; value: unknown[] | undefined }) {
  const itemNode = resolveNode(ctx.root, node.items);
  const id = fieldId(pointer);
  const issues = ctx.issuesByPointer.get(pointer);
  const items = Array.isArray(value) ? value : undefined;
  const effective = items ?? (Array.isArray(node.default) ? node.default : []);
  if (itemNode?.enum && node.uniqueItems) {
    const set = new Set(effective.map((v) => JSON.stringify(v)));
    return (
      <fieldset className="group inline" id={id} tabIndex={-1} data-field={pointer} aria-describedby={`${id}-help`}>
        <legend>{label}</legend>
        <div className="checks">
          {itemNode.enum.map((opt) => {
            const key = JSON.stringify(opt);
            return (
              <label key={key} className="check">
                <input
                  type="checkbox"
                  checked={set.has(key)}
                  onChange={(e) => {
                    const next = itemNode.enum!.filter((o) => (JSON.stringify(o) === key ? e.target.checked : set.has(JSON.stringify(o))));
                    ctx.onChange(pointer, next);
                  }}
                />
                {String(opt)}
              </label>
            );
          })}
        </div>
        <DefaultBadge ctx={ctx} pointer={pointer} label={label} hasValue={items !== undefined} />
        <FieldIssues issues={issues} id={`${id}-issues`} />
        <Help root={ctx.root} node={node} id={`${id}-help`} />
      </fieldset>
    );
  }
  const primitive = typeOf(itemNode) !== 'object' && typeOf(itemNode) !== 'array';
  return (
    <fieldset className="group" id={id} tabIndex={-1} data-field={pointer}>
      <legend>
        {label} <span className="count">({effective.length})</span>
      </legend>
      {node.description && (
        <p className="field-help">
          <HelpText root={ctx.root} text={node.description} />
        </p>
      )}
      <DefaultBadge ctx={ctx} pointer={pointer} label={label} hasValue={items !== undefined} />
      <FieldIssues issues={issues} id={`${id}-issues`} />
      <ol className={primitive ? 'array primitive' : 'array'}>
        {effective.map((item, idx) => {
          const itemLabel = itemTitle(item) ?? `${humanize(label)} ${idx + 1}`;
          // With a filter (that is not the list's own name), only the items holding a match show, and
          // inside them only the matching fields.
          const narrow = !!ctx.filter.trim() && !label.toLowerCase().includes(ctx.filter.trim().toLowerCase());
          if (narrow && !matchesFilter(ctx, `${pointer}/${idx}`, itemLabel, itemNode, item)) return null;
          const itemCtx = !narrow || titleMatches(ctx, item) ? { ...ctx, filter: '' } : ctx;
          return (
            <li key={idx}>
              <div className="array-item">
                <SchemaField ctx={itemCtx} pointer={`${pointer}/${idx}`} name={itemLabel} node={itemNode} value={item} />
                <button
                  type="button"
                  className="button subtle small"
                  aria-label={`Remove ${itemLabel}`}
                  onClick={() => ctx.onChange(pointer, effective.filter((_, n) => n !== idx))}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button small" onClick={() => ctx.onChange(pointer, [...effective, skeletonFor(ctx.root, itemNode) ?? itemNode?.minimum ?? 0])}>
        Add {primitive ? 'entry' : 'item'} to {label}
      </button>
    </fieldset>
  );
}

/** For values the form cannot describe (free-form maps): edit as JSON text, committed when valid. */
function RawJsonField({ ctx, pointer, label, value, node }: { ctx: FormContext; pointer: string; label: string; value: unknown; node?: SchemaNode }) {
  const id = fieldId(pointer);
  const serialised = useMemo(() => (value === undefined ? '' : JSON.stringify(value, null, 2)), [value]);
  const [text, setText] = useState(serialised);
  const [error, setError] = useState<string | undefined>();
  const [seen, setSeen] = useState(serialised);
  if (seen !== serialised) {
    setSeen(serialised);
    setText(serialised);
  }
  return (
    <div className="field" data-field={pointer}>
      <label className="field-label" htmlFor={id}>
        {label} <span className="hint">(JSON)</span>
      </label>
      <textarea
        id={id}
        className="mono"
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setError(undefined);
            ctx.onChange(pointer, undefined);
            return;
          }
          try {
            const v = JSON.parse(e.target.value) as unknown;
            setError(undefined);
            ctx.onChange(pointer, v);
          } catch {
            setError('Not valid JSON yet');
          }
        }}
      />
      {error && <p className="field-issues error">{error}</p>}
      {node ? <Help root={ctx.root} node={node} id={`${id}-help`} /> : <p className="field-help" id={`${id}-help`}>Not described by the schema.</p>}
    </div>
  );
}
