import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { TENANT_SCHEMA } from '../../schema/resolve.ts';
import { tenantSchemaAjv, useCompiledTenantValidator } from '../../schema/validate.ts';

/*
 * Compiling the tenant schema's validator is about a second of a core, and `npm start` needs it
 * before any site answers. Ajv can write the validator it compiled as a module (its "standalone"
 * code); it is kept in .cache/tenant-validator/, named after the schema, the Ajv settings and
 * the Ajv versions, and later starts import it instead of compiling (docs/build.md, "Cold start").
 */

const CACHE_DIR = path.join('.cache', 'tenant-validator');

function packageVersion(repoRoot: string, name: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** The file the validator of today's schema, settings and Ajv is kept in. */
export function tenantValidatorFile(repoRoot: string): string {
  const key = createHash('sha256')
    .update(JSON.stringify(TENANT_SCHEMA))
    .update('\0')
    .update(tenantSchemaAjv.toString())
    .update(`\0${packageVersion(repoRoot, 'ajv')}\0${packageVersion(repoRoot, 'ajv-formats')}`)
    .digest('hex')
    .slice(0, 24);
  return path.join(repoRoot, CACHE_DIR, `${key}.mjs`);
}

/**
 * Has tenant files checked by the kept validator, or compiles one and keeps it (removing those of
 * older schemas). A kept file that cannot be imported is compiled again.
 * @param repoRoot the repository (the cache is under its .cache/)
 * @returns whether the kept validator was used
 */
export async function loadTenantValidator(repoRoot: string): Promise<boolean> {
  const file = tenantValidatorFile(repoRoot);
  if (fs.existsSync(file)) {
    try {
      const kept = (await import(pathToFileURL(file).href)) as { default: ValidateFunction };
      useCompiledTenantValidator(kept.default);
      return true;
    } catch {
      // compiled again below
    }
  }
  const [{ default: standaloneCode }, { _ }] = await Promise.all([import('ajv/dist/standalone/index.js'), import('ajv')]);
  // The formats are referenced from ajv-formats rather than copied into the module.
  const ajv = tenantSchemaAjv({ code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
  const validate = ajv.compile(TENANT_SCHEMA as object);
  useCompiledTenantValidator(validate);
  try {
    // Ajv's module imports its helpers with require(); an ES module gets one from its own place.
    const code = `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${standaloneCode(ajv, validate)}`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, code);
    fs.renameSync(temp, file);
    for (const name of fs.readdirSync(path.dirname(file))) {
      if (name.endsWith('.mjs') && name !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), name), { force: true });
    }
  } catch {
    // Not kept (a read-only checkout): the next start compiles again.
  }
  return false;
}
