/**
 * Small helpers over the tenant JSON Schema (draft 2020-12) used by the form view and the
 * "differs from default" indicator. They only read the schema's structure (properties, items,
 * $ref, defaults, descriptions); validation itself is always the shared validator in schema/.
 */
import { parsePointer, joinPointer } from './json-locate.ts';

/** A JSON Schema node, loosely typed: the walker only reads the keywords it needs. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  patternProperties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  prefixItems?: SchemaNode[];
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  examples?: unknown[];
  $defs?: Record<string, SchemaNode>;
  definitions?: Record<string, SchemaNode>;
  [key: string]: unknown;
}

// Schemas are static: caching resolutions keeps returned nodes referentially stable, which lets
// the form skip re-rendering fields whose schema and value did not change.
const resolved = new WeakMap<SchemaNode, SchemaNode | undefined>();
const children = new WeakMap<SchemaNode, Map<string, SchemaNode | undefined>>();

/** Follows local `$ref`s (`#/$defs/x`) and merges `allOf` members into one node. */
export function resolveNode(root: SchemaNode, node: SchemaNode | undefined, depth = 0): SchemaNode | undefined {
  if (!node || depth > 32) return node;
  if (depth === 0 && resolved.has(node)) return resolved.get(node);
  const out = resolveUncached(root, node, depth);
  if (depth === 0) resolved.set(node, out);
  return out;
}

function resolveUncached(root: SchemaNode, node: SchemaNode, depth: number): SchemaNode | undefined {
  let out: SchemaNode = node;
  if (node.$ref) {
    const target = refTarget(root, node.$ref);
    const { $ref: _ignored, ...rest } = node;
    out = { ...resolveNode(root, target, depth + 1), ...rest };
  }
  if (out.allOf) {
    let merged: SchemaNode = { ...out };
    delete merged.allOf;
    for (const part of out.allOf) {
      const r = resolveNode(root, part, depth + 1) ?? {};
      merged = {
        ...r,
        ...merged,
        properties: { ...r.properties, ...merged.properties },
        required: [...(r.required ?? []), ...(merged.required ?? [])],
      };
    }
    out = merged;
  }
  return out;
}

function refTarget(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const token of parsePointer(ref.slice(1))) {
    if (node && typeof node === 'object') node = (node as Record<string, unknown>)[token];
    else return undefined;
  }
  return node as SchemaNode | undefined;
}

/** The subschema describing the value at one child key of an object/array schema node. */
export function childSchema(root: SchemaNode, parent: SchemaNode | undefined, key: string): SchemaNode | undefined {
  if (!parent) return undefined;
  let byKey = children.get(parent);
  if (!byKey) children.set(parent, (byKey = new Map()));
  const numeric = /^\d+$/.test(key);
  // Array items share one schema; cache them under one key so the map stays small.
  const cacheKey = numeric ? '#item' : key;
  if (byKey.has(cacheKey) && !(numeric && resolveNode(root, parent)?.prefixItems)) return byKey.get(cacheKey);
  const out = childUncached(root, parent, key);
  byKey.set(cacheKey, out);
  return out;
}

function childUncached(root: SchemaNode, parent: SchemaNode, key: string): SchemaNode | undefined {
  const p = resolveNode(root, parent);
  if (!p) return undefined;
  if (p.properties && key in p.properties) return resolveNode(root, p.properties[key]);
  if (p.patternProperties) {
    for (const [pattern, s] of Object.entries(p.patternProperties)) {
      if (new RegExp(pattern, 'u').test(key)) return resolveNode(root, s);
    }
  }
  if (/^\d+$/.test(key)) {
    const idx = Number(key);
    if (p.prefixItems && idx < p.prefixItems.length) return resolveNode(root, p.prefixItems[idx]);
    if (p.items) return resolveNode(root, p.items);
  }
  if (p.additionalProperties && typeof p.additionalProperties === 'object') return resolveNode(root, p.additionalProperties);
  for (const alt of [...(p.anyOf ?? []), ...(p.oneOf ?? [])]) {
    const found = childSchema(root, alt, key);
    if (found) return found;
  }
  return undefined;
}

/** The subschema for a JSON pointer, or undefined when the schema does not describe it. */
export function schemaAt(root: SchemaNode, pointer: string): SchemaNode | undefined {
  let node = resolveNode(root, root);
  for (const token of parsePointer(pointer)) {
    node = childSchema(root, node, token);
    if (!node) return undefined;
  }
  return node;
}

/** Reads the value at a pointer in a parsed document. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let v: unknown = doc;
  for (const token of parsePointer(pointer)) {
    if (v && typeof v === 'object') v = (v as Record<string, unknown>)[token];
    else return undefined;
  }
  return v;
}

/**
 * Returns a copy of `doc` with the value at `pointer` set (creating parent objects as needed), or
 * removed when `value` is undefined. Never mutates `doc`.
 */
export function setValueAt(doc: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const [head, ...rest] = tokens as [string, ...string[]];
  if (Array.isArray(doc)) {
    const copy = doc.slice();
    const idx = Number(head);
    const next = rest.length === 0 ? value : setValueAt(copy[idx], joinPointer(rest), value);
    if (next === undefined) copy.splice(idx, 1);
    else copy[idx] = next;
    return copy;
  }
  const obj: Record<string, unknown> = doc && typeof doc === 'object' ? { ...(doc as Record<string, unknown>) } : {};
  const next = rest.length === 0 ? value : setValueAt(obj[head], joinPointer(rest), value);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}

/** Structural equality for JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  return ak.length === Object.keys(bo).length && ak.every((k) => k in bo && jsonEqual(ao[k], bo[k]));
}

/** One value set in a tenant file, compared with the schema default for its place. */
export interface DefaultComparison {
  pointer: string;
  value: unknown;
  default: unknown;
  /** 'differs' when the value is not the default; 'same' when it merely repeats the default. */
  status: 'differs' | 'same';
}

/**
 * Lists every value in `doc` that has a schema default, saying whether it differs from it. Values
 * without a default are not listed (they have nothing to differ from).
 */
export function compareWithDefaults(root: SchemaNode, doc: unknown): DefaultComparison[] {
  const out: DefaultComparison[] = [];
  const walk = (value: unknown, node: SchemaNode | undefined, pointer: string) => {
    const isPlainObject = !!value && typeof value === 'object' && !Array.isArray(value);
    // Objects with described properties are compared leaf by leaf, so the indicator lands on the field.
    if (node && 'default' in node && pointer !== '' && !(isPlainObject && node.properties)) {
      out.push({ pointer, value, default: node.default, status: jsonEqual(value, node.default) ? 'same' : 'differs' });
      return;
    }
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        walk(v, childSchema(root, node, k), pointer + '/' + k.replace(/~/g, '~0').replace(/\//g, '~1'));
      }
    }
  };
  walk(doc, resolveNode(root, root), '');
  return out;
}

/**
 * A minimal value for a schema node: defaults where given, required properties present (empty
 * strings for text, so the validator points staff at every field they must fill in). Numbers
 * without a default are left out (undefined) for the same reason.
 */
export function skeletonFor(root: SchemaNode, node: SchemaNode | undefined): unknown {
  const n = resolveNode(root, node);
  const t = Array.isArray(n?.type) ? n?.type.find((x) => x !== 'null') : (n?.type ?? (n?.properties ? 'object' : undefined));
  if (!n) return null;
  if (n.default !== undefined) return structuredClone(n.default);
  if (n.enum) return n.enum[0];
  if (t === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of n.required ?? []) {
      const v = skeletonFor(root, childSchema(root, n, k));
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (t === 'array') return (n.minItems ?? 0) > 0 ? [skeletonFor(root, n.items)] : [];
  // No number is a safe guess (a made-up latitude would pass validation); leave it out so the
  // validator reports it as missing.
  if (t === 'number' || t === 'integer') return undefined;
  if (t === 'boolean') return false;
  return '';
}


/**
 * Returns `next`, reusing the objects of `prev` wherever the two are equal, so unchanged parts of
 * a re-parsed document keep their identity (cheap change detection for the form).
 */
export function structuralShare<T>(prev: unknown, next: T): T {
  if (prev === next || prev === null || next === null || typeof prev !== 'object' || typeof next !== 'object') return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const p = prev as unknown[];
    let same = p.length === next.length;
    const out = next.map((v, i) => {
      const shared = structuralShare(p[i], v);
      if (shared !== p[i]) same = false;
      return shared;
    });
    return (same ? prev : out) as T;
  }
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  let same = keys.length === Object.keys(p).length;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    out[k] = structuralShare(p[k], n[k]);
    if (out[k] !== p[k] || !(k in p)) same = false;
  }
  return (same ? prev : out) as T;
}
