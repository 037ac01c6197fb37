import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';

/*
 * Hostile input never answers 5xx: the input classes a security probe used (NUL, lone surrogates,
 * out-of-range and unparseable numbers, wrong types, oversized and deeply nested values) sent to
 * every route of the OpenAPI document — in each path parameter, each query parameter and each
 * body field, plus whole-body variants — signed in (shopper session and local admin token) so
 * the inputs reach validation behind auth too. No answer may be a 5xx.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let host: string;
let headers: Record<string, string>;

interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  default?: unknown;
}

/** Hostile values for a path segment (already URL-encoded where needed). */
const PATH_VALUES = ['abc', '1e400', '%00', '-1', '0', '99999999999999999999', String(2 ** 40), '%ED%A0%80', '%F0%9F%98%80', 'x'.repeat(3000), "'%20OR%201%3D1--", '..%2F..%2Fetc', '%E2%80%AE'];
/** Hostile values for a query parameter (raw; encoded when sent). */
const QUERY_VALUES = ['\u0000', '\ud800', '1e400', String(2 ** 40), '-99999999999', '', 'x'.repeat(10_000), '[]', '{"a":1}', 'NaN', '0x10', ' 1 '];
const SURROGATE = /[\ud800-\udfff]/;
/** Hostile JSON values for a body field. */
const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const FIELD_VALUES: unknown[] = ['\u0000', 'a\ud800b', '\udc00', 2 ** 40, -(2 ** 40), 1e308, -1, 0.5, true, null, [], {}, 'x'.repeat(200_000), deep(40), { __proto__: { polluted: true } }, ['\u0000']];
/** Whole bodies that are not what any route expects. */
const BODIES = ['', 'null', '[]', '"text"', '123', '{', '{"a":', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, '{"__proto__":{"admin":true}}', '\u0000'];

/** A plausible value for a schema, so other fields pass and the hostile one is what is judged. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sample(option);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => schema.required?.includes(k)).map(([k, v]) => [k, sample(v)]));
  return 'x';
}

/** Every object shape a body schema allows (each branch of a union). */
function shapes(schema: JsonSchema): JsonSchema[] {
  const options = schema.oneOf ?? schema.anyOf;
  return options ? options.flatMap(shapes) : [schema];
}

interface Case {
  method: string;
  path: string;
  body?: unknown;
  label: string;
}

function casesFor(route: string, method: string, op: Operation): Case[] {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const fill = (value: string) => pathParams.reduce((p, name) => p.replace(`{${name}}`, value), route);
  const basePath = fill('1');
  const cases: Case[] = [];
  const bodySchema = op.requestBody?.content['application/json'].schema;
  const baseBody = bodySchema ? sample(shapes(bodySchema)[0]) : undefined;
  for (const value of pathParams.length > 0 ? PATH_VALUES : []) cases.push({ method, path: fill(value), body: baseBody, label: `path=${value.slice(0, 20)}` });
  for (const q of queryParams) {
    for (const value of QUERY_VALUES) {
      // A lone surrogate cannot be UTF-8 encoded: send the bytes such an encoder would produce.
      const query = SURROGATE.test(value) ? `${encodeURIComponent(q.name)}=%ED%A0%80` : new URLSearchParams({ [q.name]: value }).toString();
      cases.push({ method, path: `${basePath}?${query}`, body: baseBody, label: `${q.name}=${JSON.stringify(value).slice(0, 20)}` });
    }
  }
  if (bodySchema) {
    // A field several shapes share (the lead forms' name, email, phone, postcode, message) gets the
    // hostile values once, in the first shape that has it, its other fields valid; a field of the
    // same name with another schema in a later shape is a field of its own and gets them too.
    const fuzzed = new Set<string>();
    for (const shape of shapes(bodySchema)) {
      const base = sample(shape) as Record<string, unknown>;
      for (const [field, schema] of Object.entries(shape.properties ?? {})) {
        const key = `${field} ${JSON.stringify(schema)}`;
        if (fuzzed.has(key)) continue;
        fuzzed.add(key);
        for (const value of FIELD_VALUES) cases.push({ method, path: basePath, body: { ...base, [field]: value }, label: `${field}=${JSON.stringify(value)?.slice(0, 20)}` });
      }
    }
    for (const raw of BODIES) cases.push({ method, path: basePath, body: raw, label: `body=${raw.slice(0, 20)}` });
  }
  return cases;
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-fuzz-');
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 40, log: () => {}, watch: false,
    leadRateLimit: { max: 1_000_000, windowMs: 60_000 }, accountRateLimit: { max: 1_000_000, windowMs: 60_000 },
  });
  host = `alpha-motors.localhost:${server.port}`;
  const { cookie } = await confirmedSignUp(server, host, { email: 'fuzz@example.com', password: 'fuzz password', name: 'Fuzz', phone: '0400 000 000' });
  const runtime = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { adminToken: string };
  headers = { cookie, 'x-forecourt-admin-token': runtime.adminToken };
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('fuzz: every OpenAPI route', () => {
  test('hostile inputs in every path, query and body field of every route never answer 5xx', async () => {
    const doc = (await request(server.port, host, '/api/openapi.json')).json as { paths: Record<string, Record<string, Operation>> };
    const cases = Object.entries(doc.paths).flatMap(([route, ops]) => Object.entries(ops).flatMap(([method, op]) => casesFor(route, method.toUpperCase(), op)));
    const routes = new Set(cases.map((c) => c.path.split('?')[0]?.replace(/\/[^/]*$/, '')));
    expect(Object.keys(doc.paths).length).toBeGreaterThan(25);
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(routes.size).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const c of cases) {
      const r = await request(server.port, host, c.path, { method: c.method, headers, ...(c.body === undefined ? {} : { body: c.body }) });
      if (r.status >= 500) failures.push(`${c.method} ${c.path.slice(0, 80)} [${c.label}] → ${r.status} ${r.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // Still healthy afterwards.
    expect((await request(server.port, host, '/api/site')).status).toBe(200);
    console.log(`fuzz: ${cases.length} inputs over ${Object.keys(doc.paths).length} routes, no 5xx`);
  }, 600_000);

  test('hostile search parameters on the Algolia-compatible routes never answer 5xx', async () => {
    const params = ['query', 'filters', 'facetFilters', 'numericFilters', 'facets', 'hitsPerPage', 'page', 'attributesToRetrieve', 'maxValuesPerFacet', 'facetQuery'];
    const values: unknown[] = [...FIELD_VALUES, '(((', 'make:', 'price > x', 'NOT', '"unterminated', `${'('.repeat(5000)}a:b${')'.repeat(5000)}`, `${'NOT '.repeat(5000)}a:b`];
    const failures: string[] = [];
    let sent = 0;
    for (const param of params) {
      for (const value of values) {
        for (const [p, body] of [
          ['/1/indexes/cars/query', { [param]: value }],
          ['/1/indexes/*/queries', { requests: [{ indexName: 'cars', [param]: value }] }],
          ['/1/indexes/cars/facets/make/query', { [param]: value }],
        ] as const) {
          sent++;
          const r = await request(server.port, host, p, { body });
          if (r.status >= 500) failures.push(`${p} ${param}=${JSON.stringify(value)?.slice(0, 30)} → ${r.status}`);
        }
      }
    }
    for (const raw of BODIES) {
      sent++;
      const r = await request(server.port, host, '/1/indexes/*/queries', { body: raw });
      if (r.status >= 500) failures.push(`queries body=${raw.slice(0, 20)} → ${r.status}`);
    }
    expect(sent).toBeGreaterThanOrEqual(300);
    expect(failures).toEqual([]);
  }, 600_000);
});
