import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { formatIssue, validateTenantSet } from '../../schema/validate.ts';
import { withPositions } from '../shared/issue-positions.ts';
import type { EditorIssue } from '../shared/workspace-api.ts';
import type { EditorValidator } from './handlers.ts';
import type { Workspace } from './workspace.ts';

/**
 * The editor's use of the one shared validator (schema/validate.ts): the edited text is checked
 * together with the other tenants on disk, so cross-tenant rules (unique slug, unique host) show
 * while typing. Other tenants are re-read at most every `cacheMs`, keeping a keystroke cheap.
 */
export class SharedValidator implements EditorValidator {
  private cache: { at: number; files: { slug: string; file: string; text: string }[] } | undefined;

  constructor(
    private readonly workspace: Workspace,
    private readonly cacheMs = 1000,
  ) {}

  private async others(slug: string) {
    if (!this.cache || Date.now() - this.cache.at > this.cacheMs) {
      this.cache = { at: Date.now(), files: await this.workspace.readAll() };
    }
    return this.cache.files.filter((f) => f.slug !== slug);
  }

  /** Forget cached tenant texts (after a save, rename or delete). */
  invalidate() {
    this.cache = undefined;
  }

  private async run(slug: string, text: string) {
    const others = await this.others(slug);
    // The edited file goes last so a clash is reported on it, where staff are looking.
    const results = validateTenantSet([...others.map((o) => ({ file: o.file, text: o.text })), { file: `${slug}.json`, text }]);
    return results[results.length - 1]!;
  }

  async validate(slug: string, text: string): Promise<EditorIssue[]> {
    const result = await this.run(slug, text);
    return withPositions(text, result.issues, formatIssue);
  }

  /** Resolved config for the preview, or the errors that prevent one. */
  async resolve(slug: string, text: string): Promise<{ config?: ResolvedTenant; errors: string[] }> {
    const result = await this.run(slug, text);
    const errors = result.issues.filter((i) => i.severity === 'error').map((i) => formatIssue(i));
    return result.config ? { config: result.config, errors } : { errors };
  }
}
