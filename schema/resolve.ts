import { tenantSchema } from './tenant-schema.gen.ts';
import type { TenantConfig } from './tenant.gen.ts';
import type { ResolvedTenant } from './resolved-tenant.gen.ts';
import { withoutDemoContent } from './demo-content.ts';

/** A JSON Schema node as far as defaults resolution needs to see it. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  default?: unknown;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  enum?: unknown[];
  $defs?: Record<string, SchemaNode>;
  [key: string]: unknown;
}

/** The tenant JSON Schema as a typed object (the same document the validator compiles). */
export const TENANT_SCHEMA = tenantSchema as unknown as SchemaNode;

/**
 * Follows a local `$ref` (`#/$defs/name`) to its target, keeping sibling keywords of the referring
 * node (description, default) because draft 2020-12 lets them sit beside `$ref`.
 */
export function derefSchema(node: SchemaNode, root: SchemaNode = TENANT_SCHEMA): SchemaNode {
  if (!node.$ref) return node;
  const match = /^#\/\$defs\/(.+)$/.exec(node.$ref);
  const target = match ? root.$defs?.[match[1] ?? ''] : undefined;
  if (!target) throw new Error(`Unresolvable $ref ${node.$ref}`);
  const { $ref: _ref, ...siblings } = node;
  return { ...derefSchema(target, root), ...siblings };
}

/** Deep copy of a JSON value (schema defaults and tenant documents are plain JSON). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneJson(v)])) as T;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(node: SchemaNode, value: unknown): boolean {
  const t = jsonType(value);
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.length === 0) return true;
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/**
 * True when an object schema can be created from defaults alone: it requires nothing that lacks a
 * default and at least one of its properties has a default (directly or through such an object).
 * `resolveTenant` fills these objects in, and `ResolvedTenant` makes them required.
 */
export function isDefaultable(node: SchemaNode, root: SchemaNode = TENANT_SCHEMA): boolean {
  const n = derefSchema(node, root);
  if (n.type !== 'object' || !n.properties) return false;
  const props = n.properties;
  const requiredOk = (n.required ?? []).every((k) => props[k] !== undefined && (hasDefault(props[k], root) || isDefaultable(props[k], root)));
  return requiredOk && Object.values(props).some((p) => hasDefault(p, root) || isDefaultable(p, root));
}

/** True when the property schema (after `$ref`) declares a `default`. */
export function hasDefault(node: SchemaNode, root: SchemaNode = TENANT_SCHEMA): boolean {
  return derefSchema(node, root).default !== undefined;
}

/**
 * Returns a fresh value with the schema's defaults applied below `node`. Objects get missing
 * properties from `default` (deep-cloned) or, for defaultable objects (see isDefaultable),
 * from their own defaults; arrays have their items resolved; `oneOf` picks the branch whose type fits.
 */
export function applyDefaults(node: SchemaNode, value: unknown, root: SchemaNode = TENANT_SCHEMA): unknown {
  const n = derefSchema(node, root);
  const branches = n.oneOf ?? n.anyOf;
  if (branches) {
    const branch = branches.find((b) => typeMatches(derefSchema(b, root), value));
    return branch ? applyDefaults(branch, value, root) : cloneJson(value);
  }
  if (Array.isArray(value)) {
    return n.items ? value.map((item) => applyDefaults(n.items as SchemaNode, item, root)) : cloneJson(value);
  }
  if (isPlainObject(value) && n.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const propSchema = n.properties[key];
      out[key] = propSchema ? applyDefaults(propSchema, v, root) : cloneJson(v);
    }
    for (const [key, propSchema] of Object.entries(n.properties)) {
      if (key in out) continue;
      const p = derefSchema(propSchema, root);
      if (p.default !== undefined) out[key] = applyDefaults(p, cloneJson(p.default), root);
      else if (isDefaultable(p, root)) out[key] = applyDefaults(p, {}, root);
    }
    return out;
  }
  return cloneJson(value);
}

/**
 * Applies every schema default deeply and returns the tenant as written (features as staff set
 * them). Pure. Only the pre-launch checklist reads this; everything else uses `resolveTenant`.
 */
export function resolveTenantAsWritten(input: TenantConfig): ResolvedTenant {
  return applyDefaults(TENANT_SCHEMA, input) as ResolvedTenant;
}

/**
 * Applies every schema default deeply and returns the resolved tenant as its site shows it: on a
 * launched site, features that would show sample data are off (`schema/demo-content.ts`). Pure:
 * the input is never mutated and the result shares no objects with it. Assumes `input` is already valid.
 */
export function resolveTenant(input: TenantConfig): ResolvedTenant {
  return withoutDemoContent(resolveTenantAsWritten(input));
}

/**
 * Name of the compile-time constant for a feature switch: `similarCarsLayout` →
 * `__FEATURE_SIMILAR_CARS_LAYOUT__`.
 */
export function featureFlagName(key: string): string {
  const snake = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
  return `__FEATURE_${snake}__`;
}

/**
 * The `define` map for the build and the editor preview: every feature of the resolved config as
 * a JSON literal string, e.g. `{ __FEATURE_COMPARE__: 'true', __FEATURE_SIMILAR_CARS_LAYOUT__:
 * '"grid"' }`. Accepts raw or resolved configs; missing features take their schema default.
 */
export function featureFlagDefines(config: TenantConfig | ResolvedTenant): Record<string, string> {
  const featuresSchema = derefSchema(TENANT_SCHEMA.properties?.features as SchemaNode);
  const features = applyDefaults(featuresSchema, config.features ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const key of Object.keys(featuresSchema.properties ?? {}).sort()) {
    out[featureFlagName(key)] = JSON.stringify(features[key]);
  }
  return out;
}
