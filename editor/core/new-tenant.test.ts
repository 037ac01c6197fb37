import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateTenantSet } from '../../schema/validate.ts';
import { siteUrlProblem, slugProblem, suburbProblem, suggestSlug, type NewTenantSetup } from '../shared/new-tenant.ts';
import { REPO_ROOT } from './editor-app.ts';
import { createWorkspaceHandlers, type BuildService, type PreviewService } from './handlers.ts';
import { RecoveryStore } from './recovery.ts';
import { schemaTemplates } from './templates.ts';
import { SharedValidator } from './validation.ts';
import { Workspace } from './workspace.ts';

// The postcode table itself lives in server/ (handed in by scripts/); one row is enough here.
const MAROOCHYDORE = { postcode: '4558', state: 'QLD', lat: -26.6566, lng: 153.0918, locality: 'Maroochydore', localities: ['Cotton Tree', 'Kuluin', 'Maroochydore', 'Maroochydore South', 'Sunshine Plaza'] };
const setup: NewTenantSetup = {
  siteUrl: 'https://www.coastalmotors.com.au',
  dealership: { name: 'Coastal Motors', makes: ['Toyota', 'Mazda'], licenceNumber: 'MD 40123' },
  location: { name: 'Coastal Motors Maroochydore', street: '12 Aerodrome Road', suburb: 'Maroochydore', postcode: '4558', phone: '(07) 5443 1234' },
};

let root: string;
let h: ReturnType<typeof createWorkspaceHandlers>;
const preview: PreviewService = { status: () => ({ state: 'unavailable', pages: [] }), update: async () => ({ applied: false, version: 0, shown: 'placeholder' as const, pages: [] }) };
const builds: BuildService = { start: () => 'job-1', status: () => ({ state: 'running', events: [] }) };
const tenantsDir = () => path.join(root, 'tenants');
const validateAll = () =>
  validateTenantSet(readdirSync(tenantsDir()).map((file) => ({ file, text: readFileSync(path.join(tenantsDir(), file), 'utf8') })));

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'new-tenant-'));
  cpSync(path.join(REPO_ROOT, 'tenants'), tenantsDir(), { recursive: true });
  const workspace = new Workspace(tenantsDir(), path.join(root, 'trash'), schemaTemplates());
  h = createWorkspaceHandlers({
    workspace,
    recovery: new RecoveryStore(path.join(root, 'recovery')),
    validator: new SharedValidator(workspace),
    preview,
    builds,
    postcodes: (pc) => (pc === MAROOCHYDORE.postcode ? MAROOCHYDORE : undefined),
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('new-tenant flow', () => {
  it.each(schemaTemplates().map((t) => t.id))('creates a valid tenant from the %s template and the setup answers', async (template) => {
    await h.createTenant({ slug: 'coastal-motors', name: 'Coastal Motors', from: { kind: 'template', template }, setup });

    const result = validateAll().find((r) => r.file === 'coastal-motors.json')!;
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const location = result.config!.dealer.locations[0]!;
    expect(location.address).toMatchObject({ state: 'QLD', postcode: '4558', lat: -26.6566, long: 153.0918 });
    expect(location.slug).toBe('coastal-motors-maroochydore');
  });

  it('refuses an unknown postcode, naming the field, and writes nothing', async () => {
    const bad = { ...setup, location: { ...setup.location, postcode: '9999' } };

    await expect(h.createTenant({ slug: 'coastal-motors', name: 'Coastal Motors', from: { kind: 'template', template: 'brand' }, setup: bad })).rejects.toThrow(
      /^location\.postcode: 9999 is not a known Australian postcode$/,
    );
    expect(readdirSync(tenantsDir())).not.toContain('coastal-motors.json');
  });

  it('a sales yard and a service centre, the service centre chosen as primary: both written, one primary, the file valid', async () => {
    const two: NewTenantSetup = {
      ...setup,
      secondLocation: { type: 'service', name: 'Coastal Motors Service Centre', street: '14 Aerodrome Road', suburb: 'Maroochydore', postcode: '4558', phone: '(07) 5443 1299' },
      primary: 'second',
    };
    await h.createTenant({ slug: 'coastal-motors', name: 'Coastal Motors', from: { kind: 'template', template: 'brand' }, setup: two });

    const result = validateAll().find((r) => r.file === 'coastal-motors.json')!;
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.config!.dealer.locations.map((l) => [l.slug, l.name, l.type, l.primary, l.phone])).toEqual([
      ['coastal-motors-maroochydore', 'Coastal Motors Maroochydore', 'sales', false, '(07) 5443 1234'],
      ['coastal-motors-maroochydore-2', 'Coastal Motors Service Centre', 'service', true, '(07) 5443 1299'],
    ]);
  });

  it('refuses a second location with an unknown postcode, naming the field', async () => {
    const bad: NewTenantSetup = { ...setup, secondLocation: { type: 'service', name: 'Service', street: '1 Road', suburb: 'Nowhere', postcode: '9999', phone: '(07) 5443 1299' } };
    await expect(h.createTenant({ slug: 'coastal-motors', name: 'Coastal Motors', from: { kind: 'template', template: 'brand' }, setup: bad })).rejects.toThrow(/^secondLocation\.postcode: 9999 is not a known Australian postcode$/);
    expect(readdirSync(tenantsDir())).not.toContain('coastal-motors.json');
  });

  it('gives a duplicate its own site address, so the copy is valid too', async () => {
    await h.createTenant({ slug: 'range-road-kia-two', name: 'Range Road Kia Two', from: { kind: 'duplicate', source: 'range-road-kia' }, siteUrl: 'https://www.rangeroadkia2.com.au' });

    const result = validateAll().find((r) => r.file === 'range-road-kia-two.json')!;
    expect(result.config?.siteUrl).toBe('https://www.rangeroadkia2.com.au');
  });

  it('suggests slugs from names and explains bad slugs and site addresses while typing', () => {
    expect(suggestSlug('Coastal Motors (Noosa) & Sons')).toBe('coastal-motors-noosa-and-sons');
    expect(suggestSlug('Café Motors')).toBe('cafe-motors');
    expect(slugProblem('Coastal Motors', [])).toMatch(/lower-case letters/);
    expect(slugProblem('range-road-kia', ['range-road-kia'])).toBe('A tenant named "range-road-kia" already exists.');
    expect(slugProblem('coastal-motors', ['range-road-kia'])).toBeUndefined();
    expect(siteUrlProblem('https://www.coastalmotors.com.au/')).toBe('Use the address without a path or trailing slash: https://www.coastalmotors.com.au');
    expect(siteUrlProblem('www.coastalmotors.com.au')).toMatch(/https:\/\//);
    expect(siteUrlProblem('https://www.coastalmotors.com.au')).toBeUndefined();
  });
});

describe('the suburb of the first location', () => {
  const southport = { postcode: '4215', state: 'QLD', lat: -27.97, lng: 153.4, locality: 'Australia Fair', localities: ['Australia Fair', 'Chirn Park', 'Keebra Park', 'Labrador', 'Southport', 'Southport Park', 'Sundale'] };
  it('any suburb of the postcode is accepted, whatever its case', () => {
    expect(suburbProblem('Southport', southport)).toBeUndefined();
    expect(suburbProblem('labrador', southport)).toBeUndefined();
  });
  it('another suburb names the choices', () => {
    expect(suburbProblem('Surfers Paradise', southport)).toBe('Surfers Paradise is not a suburb of 4215: choose one of Australia Fair, Chirn Park, Keebra Park, Labrador, Southport, Southport Park, Sundale.');
  });
});
