import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchemaArtifacts } from './gen-schema-types.ts';
import { REPO_ROOT } from './lib/tenants.ts';

// Generated once for the three checks below (each a pure function of the committed sources).
let generated: ReturnType<typeof generateSchemaArtifacts> | undefined;
const schemaArtifacts = () => (generated ??= generateSchemaArtifacts());

describe('generated schema artifacts', () => {
  it('are fresh: committed files equal what npm run gen:schema produces', async () => {
    const artifacts = await schemaArtifacts();

    for (const [path, content] of Object.entries(artifacts)) {
      const committed = await readFile(join(REPO_ROOT, path), 'utf8').catch(() => '(missing)');
      expect(committed, `${path} is stale: run npm run gen:schema`).toBe(content);
    }
  });

  it('carry the generated header and the contract type names', async () => {
    const artifacts = await schemaArtifacts();

    for (const content of Object.values(artifacts)) expect(content).toMatch(/do not edit/);
    expect(artifacts['schema/tenant.gen.ts']).toMatch(/export interface TenantConfig \{/);
    expect(artifacts['schema/resolved-tenant.gen.ts']).toMatch(/export interface ResolvedTenant \{/);
    expect(artifacts['site/src/feature-flags.gen.d.ts']).toMatch(/declare const __FEATURE_COMPARE__: boolean;/);
    expect(artifacts['site/src/feature-flags.gen.d.ts']).toMatch(/declare const __FEATURE_SIMILAR_CARS_LAYOUT__: "carousel" \| "grid";/);
  });

  it('make defaulted settings required in ResolvedTenant only', async () => {
    const artifacts = await schemaArtifacts();

    expect(artifacts['schema/tenant.gen.ts']).toMatch(/\n {2}timeZone\?: string;/);
    expect(artifacts['schema/resolved-tenant.gen.ts']).toMatch(/\n {2}timeZone: string;/);
  });
});
