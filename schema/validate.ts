import Ajv2020, { type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ResolvedTenant } from './resolved-tenant.gen.ts';
import { blockingChecks, launchChecklist } from './launch-checklist.ts';
import { parseTenantAssetPath, TENANT_ASSET_PREFIX } from './tenant-assets.ts';
import { cloneJson, derefSchema, resolveTenant, resolveTenantAsWritten, TENANT_SCHEMA, type SchemaNode } from './resolve.ts';
import type { TenantConfig } from './tenant.gen.ts';

/** One problem found in a tenant file. `pointer` is a JSON Pointer ('' = the whole document). */
export interface TenantIssue {
  file: string;
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
}

/** Result for one tenant file: `config` is present only when there is no error. */
export interface TenantValidation {
  file: string;
  config?: ResolvedTenant;
  issues: TenantIssue[];
}

/** Documentation of one place in the schema, for the editor's hovers and completions. */
export interface SchemaDoc {
  pointer: string;
  description?: string;
  default?: unknown;
  type?: string | string[];
  enum?: unknown[];
  /** Property names allowed at this place (objects only). */
  properties?: string[];
}

/**
 * Ajv as tenant files are checked with it; `extra` adds code-generation options (a compiled copy
 * kept on disk is made with the same settings: scripts/lib/tenant-validator-cache.ts).
 * @param extra further Ajv options
 */
export function tenantSchemaAjv(extra: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, ...extra });
  addFormats(ajv);
  return ajv;
}

let compiled: ValidateFunction | undefined;

/**
 * Checks tenant files with a validator compiled earlier from this schema with `tenantSchemaAjv`
 * (compiling one is about a second of a core at every start).
 * @param validate the compiled validator
 */
export function useCompiledTenantValidator(validate: ValidateFunction): void {
  compiled = validate;
}

function schemaValidator(): ValidateFunction {
  compiled ??= tenantSchemaAjv().compile(TENANT_SCHEMA as object);
  return compiled;
}

/** `tenants/<file>: /json/pointer: message` — the one way issues are printed everywhere. */
export function formatIssue(issue: TenantIssue): string {
  const prefix = issue.severity === 'warning' ? 'warning: ' : '';
  return `tenants/${issue.file}: ${issue.pointer || '/'}: ${prefix}${issue.message}`;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointer);
}

function valueAt(data: unknown, pointer: string): unknown {
  let cur = data;
  for (const seg of pointerSegments(pointer)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function jsonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Friendly wording for the schema's patterns; anything else falls back to the raw pattern. */
const PATTERN_WORDING: Record<string, string> = {
  '^[a-z0-9]+(?:-[a-z0-9]+)*$': 'must be lower-case kebab-case (a-z, 0-9, single hyphens)',
  '^eofy-[a-z0-9]+(?:-[a-z0-9]+)*$': 'must start with "eofy-" and be lower-case kebab-case, e.g. eofy-kia-sale (the page is /pages/{slug})',
  '^#[0-9a-fA-F]{6}$': 'must be a colour as #rrggbb',
  '^(/|https?://|mailto:|tel:)': 'must be a path starting with / or an http(s)://, mailto: or tel: link',
  '^https?://[^/]+$': 'must be an origin like https://www.example.com.au (no path, no trailing slash)',
  '^https://': 'must be an https:// URL',
  '^[0-9]{4}$': 'must be a 4-digit postcode',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': 'must be a 24-hour time HH:MM',
  '^[0-9 +()]{8,20}$': 'must be a phone number of 8 to 20 digits, spaces, + or brackets',
  '^(/|data:image/)': 'must be a site path starting with / or a data:image/ URI (no remote images)',
  '^(data:image/svg\\+xml[;,]|/tenants/assets/)': 'must be a logo uploaded in the editor (/tenants/assets/<slug>/…) or a data:image/svg+xml URI',
  '^[A-Za-z]+/[A-Za-z_]+$': 'must be an IANA time zone like Australia/Brisbane',
  '^(|https?://[^\\s]+[^/])$': 'must be empty (same origin) or an http(s) URL without a trailing slash',
  '^/': 'must be a path starting with /',
  '^(https://[^\\s/?#@]+|http://(localhost|127\\.0\\.0\\.1)(:[0-9]{1,5})?)([/?#][^\\s]*)?$': 'must be an https:// web address (http:// only for a receiver on this computer: localhost or 127.0.0.1)',
  '^[A-Z][A-Z0-9_]{2,63}$': 'must be the name of an environment variable in capitals, e.g. DEALER_CRM_WEBHOOK_SECRET (never the secret itself)',
  '\\S': 'must contain text, not only spaces',
  '\\{city\\}': 'must contain the placeholder {city}',
  '^/[a-z0-9/-]*$': 'must be a lower-case path starting with /',
};

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

function closest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = levenshtein(name, c);
    if (d < bestScore) [best, bestScore] = [c, d];
  }
  return best !== undefined && bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function schemaNodeAt(pointer: string): SchemaNode | undefined {
  let node: SchemaNode | undefined = TENANT_SCHEMA;
  for (const seg of pointerSegments(pointer)) {
    if (!node) return undefined;
    const n: SchemaNode = derefSchema(node);
    if (n.properties && seg in n.properties) node = n.properties[seg];
    else if (n.items && /^\d+$/.test(seg)) node = n.items;
    else if (n.oneOf) {
      const branch: SchemaNode | undefined = n.oneOf.map((b) => derefSchema(b)).find((b) => (b.properties && seg in b.properties) || (b.items && /^\d+$/.test(seg)));
      node = branch ? (branch.properties?.[seg] ?? branch.items) : undefined;
    } else return undefined;
  }
  return node ? derefSchema(node) : undefined;
}

/**
 * The schema's documentation at a JSON Pointer into a tenant (`/features/compare`,
 * `/promotions/0/expiry`), or undefined when the pointer is not a known setting.
 */
export function schemaDocAt(pointer: string): SchemaDoc | undefined {
  const node = schemaNodeAt(pointer);
  if (!node) return undefined;
  const doc: SchemaDoc = { pointer };
  if (node.description !== undefined) doc.description = node.description;
  if (node.default !== undefined) doc.default = cloneJson(node.default);
  if (node.type !== undefined) doc.type = node.type;
  if (node.enum !== undefined) doc.enum = [...node.enum];
  if (node.properties) doc.properties = Object.keys(node.properties);
  return doc;
}

function ajvIssue(err: ErrorObject, data: unknown, file: string): TenantIssue {
  const at = err.instancePath;
  const got = valueAt(data, at);
  const p = err.params as Record<string, unknown>;
  const issue = (pointer: string, message: string): TenantIssue => ({ file, pointer, message, severity: 'error' });
  switch (err.keyword) {
    case 'required':
      return issue(`${at}/${escapePointer(String(p.missingProperty))}`, 'is required');
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const allowed = schemaDocAt(at)?.properties ?? [];
      const hint = closest(name, allowed);
      return issue(`${at}/${escapePointer(name)}`, `is not a known setting${hint ? ` (did you mean "${hint}"?)` : ''}`);
    }
    case 'type':
      return issue(at, `must be ${String(p.type).replace(',', ' or ')} (got ${jsonTypeName(got) === 'string' ? show(got) : `${jsonTypeName(got)} ${show(got)}`})`);
    case 'enum':
      return issue(at, `must be one of ${(p.allowedValues as unknown[]).map(show).join(', ')} (got ${show(got)})`);
    case 'pattern':
      return issue(at, `${PATTERN_WORDING[String(p.pattern)] ?? `must match ${String(p.pattern)}`} (got ${show(got)})`);
    case 'format':
      if (p.format === 'date-time') return issue(at, `must be an ISO 8601 date-time with offset, e.g. 2025-07-01T00:00:00+10:00 (got ${show(got)})`);
      if (p.format === 'uri') return issue(at, `must be an absolute URL (got ${show(got)})`);
      return issue(at, `must be a valid ${String(p.format)} (got ${show(got)})`);
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return issue(at, `must be ${String(p.comparison)} ${String(p.limit)} (got ${show(got)})`);
    case 'minLength':
      return issue(at, p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters (got ${show(got)})`);
    case 'maxLength':
      return issue(at, `must be at most ${String(p.limit)} characters`);
    case 'minItems':
      return issue(at, `must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`);
    case 'maxItems':
      return issue(at, `must have at most ${String(p.limit)} items`);
    case 'uniqueItems':
      return issue(at, `must not contain duplicates (items ${String(p.j)} and ${String(p.i)} are equal)`);
    case 'oneOf': {
      const description = schemaNodeAt(at)?.description?.replace(/\s*Read by:.*$/, '');
      return issue(at, `must be one of the allowed forms${description ? `: ${description}` : ''} (got ${show(got)})`);
    }
    default:
      return issue(at, `${err.message ?? 'is invalid'} (got ${show(got)})`);
  }
}

/** Drops the per-branch noise of a failed `oneOf`, keeping the single oneOf message. */
function withoutOneOfNoise(errors: ErrorObject[]): ErrorObject[] {
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf');
  return errors.filter((e) => e.keyword === 'oneOf' || !oneOfs.some((o) => e.schemaPath.startsWith(`${o.schemaPath}/`)));
}

/** Which of several failed rules on one value names the fix best (lower first). */
const KEYWORD_RANK: Record<string, number> = { enum: 0, const: 0, pattern: 1, format: 2, type: 3 };
const rank = (e: ErrorObject): number => KEYWORD_RANK[e.keyword] ?? 4;

/**
 * One message per value: a value that breaks several rules (an empty `siteUrl` fails both its
 * pattern and its URL format; a number where a template name belongs fails its type and its
 * list) gets the message that says best what to write. Errors about a child (`required`,
 * `additionalProperties`) point at the child and are kept.
 */
function onePerValue(errors: ErrorObject[]): ErrorObject[] {
  const best = new Map<string, ErrorObject>();
  const kept: ErrorObject[] = [];
  for (const err of errors) {
    if (err.keyword === 'required' || err.keyword === 'additionalProperties') {
      kept.push(err);
      continue;
    }
    const seen = best.get(err.instancePath);
    if (seen === undefined) {
      best.set(err.instancePath, err);
      kept.push(err);
    } else if (rank(err) < rank(seen)) {
      best.set(err.instancePath, err);
      kept[kept.indexOf(seen)] = err;
    }
  }
  return kept;
}

function parseJson(text: string, file: string): { data?: unknown; issue?: TenantIssue } {
  try {
    return { data: JSON.parse(text) as unknown };
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(raw);
    const offset = pos ? Number(pos[1]) : text.length;
    const before = text.slice(0, offset).split('\n');
    const line = before.length;
    const column = (before[before.length - 1]?.length ?? 0) + 1;
    const reason = raw.replace(/\s*\(line \d+ column \d+\)/, '').replace(/\s*in JSON at position \d+/, '').replace(/^JSON\.parse: /, '');
    return { issue: { file, pointer: '', message: `invalid JSON at line ${line}, column ${column}: ${reason}`, severity: 'error' } };
  }
}

// ---------------------------------------------------------------------------------------------
// Semantic rules: what JSON Schema cannot say. They read the raw (unresolved) document defensively
// because they also run when the schema found errors, so every problem shows in one pass.

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** Colour pairs (foreground, background) that must reach WCAG AA for normal text (4.5:1). */
const CONTRAST_PAIRS: [string, string][] = [
  ['text', 'background'], ['text', 'surface'], ['muted', 'background'],
  ['primaryContrast', 'primary'], ['accentContrast', 'accent'],
];

function checkRange(range: unknown, pointer: string, add: (pointer: string, message: string) => void): void {
  if (!isObj(range)) return;
  const min = num(range.min);
  const max = num(range.max);
  if (min !== undefined && max !== undefined && min >= max) add(`${pointer}/max`, `must be greater than min (${min})`);
  const def = num(range.default);
  if (def !== undefined && min !== undefined && max !== undefined && (def < min || def > max)) {
    add(`${pointer}/default`, `must lie between min (${min}) and max (${max}) (got ${def})`);
  }
  const step = num(range.step);
  if (step !== undefined && min !== undefined && max !== undefined && min < max && step > max - min) {
    add(`${pointer}/step`, `must not exceed the range max - min (${max - min}) (got ${step})`);
  }
}

function fileSlug(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/, '');
}

function semanticIssues(doc: Json, file: string): TenantIssue[] {
  const issues: TenantIssue[] = [];
  const error = (pointer: string, message: string) => issues.push({ file, pointer, message, severity: 'error' });
  const warn = (pointer: string, message: string) => issues.push({ file, pointer, message, severity: 'warning' });

  const slug = str(doc.slug);
  const expectedSlug = fileSlug(file);
  if (slug !== undefined && slug !== expectedSlug) error('/slug', `must equal the file name "${expectedSlug}" (got "${slug}")`);

  const timeZone = str(doc.timeZone);
  if (timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-AU', { timeZone }).resolvedOptions();
    } catch {
      error('/timeZone', `is not a known IANA time zone (got "${timeZone}")`);
    }
  }

  // Dealerships and locations: unique slugs, references resolve.
  const dealer = isObj(doc.dealer) ? doc.dealer : {};
  const dealershipSlugs = new Set<string>();
  arr(dealer.dealerships).forEach((d, i) => {
    const s = isObj(d) ? str(d.slug) : undefined;
    if (s === undefined) return;
    if (dealershipSlugs.has(s)) error(`/dealer/dealerships/${i}/slug`, `duplicates another dealership slug "${s}"`);
    dealershipSlugs.add(s);
  });
  const primaries = arr(dealer.dealerships).filter((d) => isObj(d) && d.primary === true).length;
  if (primaries > 1) error('/dealer/dealerships', `must have at most one primary dealership (found ${primaries})`);
  const locationSlugs = new Set<string>();
  const dealershipsWithLocations = new Set<string>();
  arr(dealer.locations).forEach((l, i) => {
    if (!isObj(l)) return;
    const s = str(l.slug);
    if (s !== undefined) {
      if (locationSlugs.has(s)) error(`/dealer/locations/${i}/slug`, `duplicates another location slug "${s}"`);
      locationSlugs.add(s);
    }
    const ds = str(l.dealershipSlug);
    if (ds !== undefined) {
      if (!dealershipSlugs.has(ds)) error(`/dealer/locations/${i}/dealershipSlug`, `must name a dealership in /dealer/dealerships (got "${ds}"; known: ${[...dealershipSlugs].join(', ') || 'none'})`);
      dealershipsWithLocations.add(ds);
    }
    // A day open for business has both times, the close after the open.
    const openHours = (h: Record<string, unknown>, at: string) => {
      if (h.status !== 'Open') return;
      if (h.open === undefined) error(`${at}/open`, 'is required when status is "Open"');
      if (h.close === undefined) error(`${at}/close`, 'is required when status is "Open"');
      const open = str(h.open);
      const close = str(h.close);
      if (open && close && open >= close) error(`${at}/close`, `must be after open (${open})`);
    };
    const seen = new Set<number>();
    arr(l.openingHours).forEach((h, j) => {
      if (!isObj(h)) return;
      const at = `/dealer/locations/${i}/openingHours/${j}`;
      const wd = num(h.weekday);
      if (wd !== undefined) {
        if (seen.has(wd)) error(`${at}/weekday`, `duplicates weekday ${wd} of this location`);
        seen.add(wd);
      }
      openHours(h, at);
    });
    const placeIds = new Set<number>();
    arr(l.distributionLocations).forEach((d, j) => {
      const id = isObj(d) ? num(d.id) : undefined;
      if (id === undefined) return;
      if (placeIds.has(id)) error(`/dealer/locations/${i}/distributionLocations/${j}/id`, `duplicates another place number ${id} of this location`);
      placeIds.add(id);
    });
    const dates = new Set<string>();
    arr(l.specialHours).forEach((h, j) => {
      if (!isObj(h)) return;
      const at = `/dealer/locations/${i}/specialHours/${j}`;
      const date = str(h.date);
      if (date !== undefined) {
        if (dates.has(date)) error(`${at}/date`, `duplicates ${date} of this location`);
        dates.add(date);
        const parsed = new Date(`${date}T00:00:00Z`);
        if (/^\d{4}-\d{2}-\d{2}$/.test(date) && (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)) error(`${at}/date`, `${date} is not a date on the calendar`);
      }
      openHours(h, at);
    });
  });
  arr(dealer.dealerships).forEach((d, i) => {
    const s = isObj(d) ? str(d.slug) : undefined;
    if (s !== undefined && arr(dealer.locations).length > 0 && !dealershipsWithLocations.has(s)) {
      warn(`/dealer/dealerships/${i}`, `dealership "${s}" has no location in /dealer/locations`);
    }
  });

  const stockFilter = isObj(doc.stockFilter) ? doc.stockFilter : {};
  arr(stockFilter.dealerships).forEach((s, i) => {
    if (typeof s === 'string' && !dealershipSlugs.has(s)) error(`/stockFilter/dealerships/${i}`, `must name a dealership in /dealer/dealerships (got "${s}")`);
  });
  const leadDelivery = isObj(doc.leadDelivery) ? doc.leadDelivery : {};
  arr(leadDelivery.routes).forEach((r, i) => {
    if (!isObj(r)) return;
    const ds = str(r.dealership);
    if (ds !== undefined && !dealershipSlugs.has(ds)) error(`/leadDelivery/routes/${i}/dealership`, `must name a dealership in /dealer/dealerships (got "${ds}"; known: ${[...dealershipSlugs].join(', ') || 'none'})`);
    if (arr(r.email).length === 0 && !isObj(r.webhook)) error(`/leadDelivery/routes/${i}`, 'sends nowhere: add at least one email address or a webhook');
  });
  const finance = isObj(doc.finance) ? doc.finance : {};
  arr(finance.excludedLocations).forEach((s, i) => {
    if (typeof s === 'string' && !locationSlugs.has(s)) error(`/finance/excludedLocations/${i}`, `must name a location in /dealer/locations (got "${s}")`);
  });

  // Promotions: window order, unique ids, car types the site actually lists.
  const excludedTypes = new Set(arr(stockFilter.excludeCarTypes).filter((t): t is string => typeof t === 'string'));
  if (stockFilter.usedOnly === true) ['new', 'demo'].forEach((t) => excludedTypes.add(t));
  const promoIds = new Set<string>();
  arr(doc.promotions).forEach((p, i) => {
    if (!isObj(p)) return;
    const at = `/promotions/${i}`;
    const id = str(p.id);
    if (id !== undefined) {
      if (promoIds.has(id)) error(`${at}/id`, `duplicates another promotion id "${id}"`);
      promoIds.add(id);
    }
    const start = str(p.start);
    const expiry = str(p.expiry);
    const ts = start ? Date.parse(start) : NaN;
    const te = expiry ? Date.parse(expiry) : NaN;
    if (!Number.isNaN(ts) && !Number.isNaN(te) && te <= ts) error(`${at}/expiry`, `must be after start (${start})`);
    const display = arr(p.display).filter((t): t is string => typeof t === 'string');
    if (display.length > 0 && display.every((t) => excludedTypes.has(t))) {
      warn(`${at}/display`, `lists only car types this site's stock filter excludes (${display.join(', ')}), so it never shows`);
    }
  });

  // Spin to win: a window in order, prize chances that add up to at most 100 percent.
  const spin = isObj(doc.content) && isObj(doc.content.spinToWin) ? doc.content.spinToWin : undefined;
  if (spin) {
    const ss = str(spin.start);
    const se = str(spin.expiry);
    const ts = ss ? Date.parse(ss) : NaN;
    const te = se ? Date.parse(se) : NaN;
    if (!Number.isNaN(ts) && !Number.isNaN(te) && te <= ts) error('/content/spinToWin/expiry', `must be after start (${ss})`);
    const total = arr(spin.prizes).reduce<number>((sum, p) => sum + (isObj(p) && typeof p.chance === 'number' ? p.chance : 0), 0);
    if (total > 100 + 1e-9) error('/content/spinToWin/prizes', `chances add up to ${Math.round(total * 100) / 100} percent; at most 100`);
  }

  // Features that need companion settings.
  const features = isObj(doc.features) ? doc.features : {};
  if (features.favouritesMechanism === 'watchlist' && features.watchlist !== true) {
    error('/features/watchlist', 'must be true when /features/favouritesMechanism is "watchlist"');
  }
  const routes = isObj(doc.routes) ? doc.routes : {};
  if (features.groupSiteLinks === true && arr(routes.groupSiteLinks).length === 0) {
    error('/routes/groupSiteLinks', 'must list at least one link when /features/groupSiteLinks is true');
  }
  const content = isObj(doc.content) ? doc.content : {};
  if (features.spinToWin === true && content.spinToWin === undefined) error('/content/spinToWin', 'is required when /features/spinToWin is true');
  if (features.announcementBar === true && content.announcement === undefined) error('/content/announcement', 'is required when /features/announcementBar is true');
  if (features.emergencyBanner === true && content.emergencyBanner === undefined) error('/content/emergencyBanner', 'is required when /features/emergencyBanner is true');
  if ((features.financeCalculator !== false || features.financeSummary !== false) && finance.provider === undefined) {
    warn('/finance/provider', 'is not set, so the finance calculator and summary will not show');
  }
  // EOFY sale pages: they show special offers; page slugs unique, makes ones the dealer sells.
  if (features.eofySale === true && features.specialOffers !== true) error('/features/specialOffers', 'must be true when /features/eofySale is true (the EOFY pages show the special offers)');
  const eofySale = isObj(content.eofySale) ? content.eofySale : {};
  const eofySlugs = new Set<string>();
  const soldMakes = new Set(arr(dealer.dealerships).flatMap((d) => (isObj(d) ? arr(d.makes) : [])).filter((m): m is string => typeof m === 'string'));
  arr(eofySale.pages).forEach((p, i) => {
    if (!isObj(p)) return;
    const s = str(p.slug);
    if (s !== undefined) {
      if (eofySlugs.has(s)) error(`/content/eofySale/pages/${i}/slug`, `duplicates another EOFY page slug "${s}"`);
      eofySlugs.add(s);
    }
    const make = str(p.make);
    if (make !== undefined && !soldMakes.has(make)) error(`/content/eofySale/pages/${i}/make`, `must be a make one of /dealer/dealerships sells (got "${make}")`);
  });
  if (features.modelPages === true && dealer.manufacturer === undefined) warn('/dealer/manufacturer', 'should be set when /features/modelPages is true');

  // Stock feed: a longest gap between feeds is only of use with someone to tell when it passes.
  const stockFeed = isObj(doc.stockFeed) ? doc.stockFeed : {};
  if (num(stockFeed.maxHoursBetweenFeeds) !== undefined && arr(stockFeed.alertEmails).length === 0) {
    warn('/stockFeed/maxHoursBetweenFeeds', 'tells nobody while /stockFeed/alertEmails is empty: add who is emailed when feeds stop arriving');
  }

  // Search backend.
  const search = isObj(doc.search) ? doc.search : {};
  if (search.backend === 'algolia' && !isObj(search.algolia)) error('/search/algolia', 'is required when /search/backend is "algolia"');
  const sliders = isObj(search.sliders) ? search.sliders : {};
  const dmin = num(sliders.defaultMin) ?? 0;
  const dmax = num(sliders.defaultMax) ?? 100000;
  if (dmin >= dmax) error('/search/sliders/defaultMax', `must be greater than defaultMin (${dmin})`);
  for (const key of ['price', 'subscriptionPrice', 'year', 'km']) {
    const s = sliders[key];
    if (!isObj(s)) continue;
    const min = num(s.min);
    const max = num(s.max);
    if (min !== undefined && max !== undefined && min >= max) error(`/search/sliders/${key}/max`, `must be greater than min (${min})`);
  }
  const promoCard = search.promoCardPosition;
  if (isObj(promoCard) && isObj(promoCard.randomise)) {
    const min = num(promoCard.randomise.min) ?? 3;
    const max = num(promoCard.randomise.max) ?? 5;
    if (min > max) error('/search/promoCardPosition/randomise/max', `must not be less than min (${min})`);
  }

  // Limits.
  const limits = isObj(doc.limits) ? doc.limits : {};
  const options = Array.isArray(limits.distanceOptionsKm) ? limits.distanceOptionsKm : [25, 50, 75, 100, 150, 250, 500, 750, 1000];
  const radius = num(limits.defaultRadiusKm) ?? 50;
  if (!options.includes(radius)) error('/limits/defaultRadiusKm', `must be one of /limits/distanceOptionsKm (${options.join(', ')}) (got ${radius})`);

  // Finance calculator ranges.
  const calc = isObj(finance.calculator) ? finance.calculator : {};
  for (const key of ['loanAmount', 'purchasePrice', 'termYears', 'interestRate', 'deposit', 'residual']) {
    checkRange(calc[key], `/finance/calculator/${key}`, error);
  }

  // Theme: AA contrast of the pairs that carry text.
  const theme = isObj(doc.theme) ? doc.theme : {};
  const colours = isObj(theme.colours) ? theme.colours : {};
  const themeSchema = derefSchema(TENANT_SCHEMA.properties?.theme ?? {});
  const defaults = themeSchema.properties?.colours ? (derefSchema(themeSchema.properties.colours).properties ?? {}) : {};
  const colourOf = (k: string): string | undefined => {
    const v = colours[k] ?? derefSchema(defaults[k] as SchemaNode).default;
    return typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v) ? v : undefined;
  };
  for (const [fg, bg] of CONTRAST_PAIRS) {
    const a = colourOf(fg);
    const b = colourOf(bg);
    if (!a || !b) continue;
    const ratio = contrastRatio(a, b);
    if (ratio < 4.5 && (fg in colours || bg in colours)) {
      error(`/theme/colours/${fg in colours ? fg : bg}`, `${fg} (${a}) on ${bg} (${b}) has contrast ${ratio.toFixed(2)}:1; WCAG AA needs at least 4.5:1`);
    }
  }
  const logo = isObj(theme.logo) ? theme.logo : {};
  const src = str(logo.src);
  if (src?.startsWith(TENANT_ASSET_PREFIX)) {
    const asset = parseTenantAssetPath(src);
    if (!asset) error('/theme/logo/src', `must name an uploaded image: ${TENANT_ASSET_PREFIX}<slug>/<name>.png, .jpg, .webp or .svg (upload the logo in the editor)`);
    else if (typeof doc.slug === 'string' && asset.slug !== doc.slug) error('/theme/logo/src', `must be an image uploaded for this site (${TENANT_ASSET_PREFIX}${doc.slug}/…), not for ${asset.slug}`);
  }
  if (src?.startsWith('data:image/svg+xml')) {
    const comma = src.indexOf(',');
    const meta = src.slice(0, comma);
    const body = src.slice(comma + 1);
    if (comma < 0) error('/theme/logo/src', 'must be a data URI with a comma before the SVG data');
    else if (meta.endsWith(';base64')) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) error('/theme/logo/src', 'has invalid base64 SVG data');
    } else {
      let svg = '';
      try {
        svg = decodeURIComponent(body);
      } catch {
        error('/theme/logo/src', 'has invalid percent-encoding in the SVG data');
      }
      if (svg && !/<svg[\s>]/.test(svg)) error('/theme/logo/src', 'must contain an <svg> element');
      if (/\b(href|src)\s*=\s*["']https?:/i.test(svg)) error('/theme/logo/src', 'must not reference remote resources (nothing may load from the internet)');
    }
  }
  return issues;
}

function siteHost(siteUrl: unknown): string | undefined {
  const m = typeof siteUrl === 'string' ? /^https?:\/\/([^/:?#]+)/i.exec(siteUrl) : null;
  return m?.[1]?.toLowerCase();
}

function validateParsed(data: unknown, file: string): TenantValidation {
  const validate = schemaValidator();
  const issues: TenantIssue[] = [];
  if (!validate(data)) {
    for (const err of onePerValue(withoutOneOfNoise(validate.errors ?? []))) issues.push(ajvIssue(err, data, file));
  }
  if (isObj(data)) issues.push(...semanticIssues(data, file));
  const unique = dedupe(issues);
  const ok = !unique.some((i) => i.severity === 'error');
  if (!ok) return { file, issues: unique };
  const config = resolveTenant(data as TenantConfig);
  // A launched site must have passed its pre-launch checks (or staff accepted each one by name),
  // read from the tenant as written: the features a launched site hides still need acknowledging.
  if (config.launch.launched) {
    const open = blockingChecks(launchChecklist(resolveTenantAsWritten(data as TenantConfig), 0), config.launch.acknowledged);
    if (open.length) {
      unique.push({
        file,
        pointer: '/launch/launched',
        message: `the site cannot be marked launched while pre-launch checks are open: ${open.map((c) => `${c.label} (${c.id})`).join(', ')}. Fix them, or acknowledge each one by name`,
        severity: 'error',
      });
      return { file, issues: unique };
    }
  }
  return { file, config, issues: unique };
}

function dedupe(issues: TenantIssue[]): TenantIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.severity}|${i.pointer}|${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Validates one tenant file's text: JSON syntax (with line and column), the JSON Schema and the
 * semantic rules. Returns every issue at once; `config` (defaults applied) only when error-free.
 * `file` is the name inside tenants/ (e.g. `harbour-motors.json`); it must equal the slug.
 */
export function validateTenant(text: string, file: string): TenantValidation {
  const parsed = parseJson(text, file);
  if (parsed.issue) return { file, issues: [parsed.issue] };
  return validateParsed(parsed.data, file);
}

/**
 * Validates a set of tenants: each file on its own plus rules across files (unique slugs and
 * unique site hosts). Results are in the order of `files`.
 * @param files the tenant files
 * @param options `cache`: each file's own verdict by name and text, kept between calls, so a
 *   platform re-reading hundreds of tenant files after one edit checks only the edited one (the
 *   rules across files are always checked again); entries of texts no longer in `files` are dropped
 */
export function validateTenantSet(files: readonly { file: string; text: string }[], options: { cache?: Map<string, TenantValidation> } = {}): TenantValidation[] {
  const cache = options.cache;
  const results = files.map(({ file, text }) => {
    const key = `${file}\0${text}`;
    let own = cache?.get(key);
    if (!own) {
      own = validateTenant(text, file);
      cache?.set(key, own);
    }
    // A copy: the rules across files below add to it, and the cached verdict stays the file's own.
    const result: TenantValidation = { ...own, issues: [...own.issues] };
    return { result, data: safeParse(text) };
  });
  if (cache) {
    const current = new Set(files.map(({ file, text }) => `${file}\0${text}`));
    for (const key of cache.keys()) if (!current.has(key)) cache.delete(key);
  }
  const bySlug = new Map<string, string>();
  const byHost = new Map<string, string>();
  for (const { result, data } of results) {
    if (!isObj(data)) continue;
    const add = (pointer: string, message: string) => {
      result.issues.push({ file: result.file, pointer, message, severity: 'error' });
      delete result.config;
    };
    const slug = str(data.slug);
    if (slug !== undefined) {
      const other = bySlug.get(slug);
      if (other !== undefined) add('/slug', `"${slug}" is already used by tenants/${other}`);
      else bySlug.set(slug, result.file);
    }
    const host = siteHost(data.siteUrl);
    if (host !== undefined) {
      const other = byHost.get(host);
      if (other !== undefined) add('/siteUrl', `host "${host}" is already used by tenants/${other}`);
      else byHost.set(host, result.file);
    }
  }
  return results.map(({ result }) => result);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
