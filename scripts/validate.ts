/**
 * `npm run validate [-- <file>…]`: validates every tenant in tenants/ (or the given files), prints
 * every issue as `tenants/<file>: /pointer: message`, a summary line, and exits 1 on any error.
 * Cross-tenant rules (unique slugs and hosts) always see the whole tenants/ folder.
 */
import { formatIssue, validateTenantSet } from '../schema/validate.ts';
import { loadTenantFiles, loadTenantFilesByPath } from './lib/tenants.ts';

async function main(args: string[]): Promise<number> {
  const given = args.filter((a) => !a.startsWith('-'));
  const all = await loadTenantFiles();
  const chosen = given.length ? await loadTenantFilesByPath(given) : all;
  // Validate the chosen files together with the rest of tenants/ so duplicates across files show,
  // but report only on the chosen ones.
  const chosenPaths = new Set(chosen.map((f) => f.path));
  const set = [...chosen, ...all.filter((f) => !chosenPaths.has(f.path) && !chosen.some((c) => c.file === f.file))];
  const results = validateTenantSet(set.map(({ file, text }) => ({ file, text }))).slice(0, chosen.length);
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    for (const issue of r.issues) {
      if (issue.severity === 'error') errors += 1;
      else warnings += 1;
      (issue.severity === 'error' ? console.error : console.warn)(formatIssue(issue));
    }
  }
  const valid = results.filter((r) => r.config).length;
  console.log(`${valid}/${results.length} tenant${results.length === 1 ? '' : 's'} valid; ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return errors > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
