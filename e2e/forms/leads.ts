import { keepScreenshot } from '../lib/fixtures.ts';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { departmentLocations, type LeadDepartment } from '../../schema/api/lead-rules.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import type { StoredLead } from '../../schema/api/lead.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { tick } from '../lib/shopper.ts';
import { E2E_DATA_DIR } from '../lib/tenants.ts';
import { localAdminHeaders } from '../lib/dealer.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');

/**
 * The tenant's leads as the dealer's staff tools read them (newest first, up to 200): the running
 * e2e server's dealer API, asked over loopback with its local admin token, as `npm run leads` asks it.
 */
export async function readLeads(slug: string): Promise<StoredLead[]> {
  const r = await tenantHttp(slug, '/api/dealer/leads?limit=200', { headers: localAdminHeaders() });
  if (r.status !== 200) throw new Error(`the dealer API answered ${r.status} for ${slug}'s leads: ${r.text}`);
  return (r.json as { leads: StoredLead[] }).leads;
}

/** Leads whose name is `marker` (each test sends a unique one). */
export async function leadsNamed(slug: string, name: string): Promise<StoredLead[]> {
  return (await readLeads(slug)).filter((lead) => lead.name === name);
}

/**
 * Leads whose name is `name`, as `npm run leads -- <slug>` prints them against the running e2e
 * server: the command staff run, started as its own process (about half a second of CPU, so one
 * test uses it and the others ask the API directly).
 */
export function leadsNamedByCommand(slug: string, name: string): StoredLead[] {
  const loader = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const out = execFileSync(process.execPath, ['--import', loader, path.join(ROOT, 'scripts', 'leads.ts'), slug, '--limit', '200'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as StoredLead)
    .filter((lead) => lead.name === name);
}

/** A unique shopper name for one test's leads. */
export function marker(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An available car of the tenant (id and slug), from its stock search; `skip` passes over the first ones (another test may hold them). */
export async function availableCar(slug: string, skip = 0): Promise<{ id: number; slug: string; name: string; make: string; model: string }> {
  const r = await tenantHttp(slug, '/1/indexes/cars/query', { body: { params: 'hitsPerPage=40' } });
  const hits = (r.json?.hits ?? []) as { id: number; slug: string; name: string; make: string; model: string; status: string; reserved: boolean }[];
  const car = hits.filter((h) => h.status === 'in_stock' && !h.reserved)[skip];
  if (!car) throw new Error(`no available car on ${slug}`);
  return car;
}

/** Saves a screenshot for people to look at (test-results/forms/<name>.png). */
export async function screenshot(page: Page, name: string) {
  await keepScreenshot(page, { path: path.join(ROOT, 'test-results', 'forms', `${name}.png`), fullPage: true });
}

/**
 * Picks a dealership (when none is preselected) and, where that dealership has several
 * locations of the form's department, waits for the location select and picks one.
 */
export async function pickDealership(form: Locator, tenant: ResolvedTenant, department: LeadDepartment) {
  const dealership = form.getByLabel('Preferred dealership');
  if ((await dealership.inputValue()) === '') await dealership.selectOption({ index: 1 });
  const chosen = await dealership.inputValue();
  if (departmentLocations(tenant, department, chosen).length > 1) {
    const location = form.getByLabel(/^(Dealership location|Department)/);
    await expect(location).toBeVisible();
    await location.selectOption({ index: 1 });
  }
}

/** Ticks the terms box as a shopper does (e2e/lib/shopper.ts). */
export async function tickTerms(form: Locator) {
  await tick(form.getByLabel(/I agree to the/));
}

/** Fills an enquiry about a car (no type, no dealership to choose) with valid details. */
export async function fillCarEnquiry(form: Locator, tenant: ResolvedTenant, name: string, postcode: string, message: string) {
  await form.getByLabel('First Name').fill(name);
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  await form.getByLabel('Postcode').fill(postcode);
  await form.getByLabel(tenant.labels.commentsLabel).fill(message);
  if (tenant.features.enquiryTermsRequired) await tickTerms(form);
}
