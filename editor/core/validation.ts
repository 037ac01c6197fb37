import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
// Loaded on first use (ajv and the schema compile take a while): the editor prints its ready line
// first and warms the validator right after (see warm()).
let validatorModule: Promise<typeof import('../../schema/validate.ts')> | undefined;
const loadValidator = () => (validatorModule ??= import('../../schema/validate.ts'));
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
    this.last = undefined;
    this.identities.clear();
  }

  /**
   * The last validation: each keystroke asks twice (the problems panel, then the preview) for the
   * same text, and the second gets the first's answer while the other tenants are unchanged.
   */
  private last: { slug: string; text: string; others: unknown; result: ReturnType<SharedValidator['check']> } | undefined;

  private async run(slug: string, text: string) {
    const others = await this.others(slug);
    const last = this.last;
    if (last && last.slug === slug && last.text === text && last.others === this.cache) return last.result;
    const result = this.check(slug, text, others);
    this.last = { slug, text, others: this.cache, result };
    return result;
  }

  private async check(slug: string, text: string, others: { slug: string; file: string; text: string }[]) {
    // Cross-tenant rules only concern tenants that share this one's slug or site host, so only
    // those join the set: one full validation per keystroke instead of one per tenant. The edited
    // file goes last so a clash is reported on it, where staff are looking.
    const mine = identity(text);
    const rivals = others.filter((o) => {
      if (this.identities.size > 200) this.identities.clear();
      const theirs = this.identities.get(o.text) ?? identity(o.text);
      this.identities.set(o.text, theirs);
      return theirs.unparsable || (theirs.slug !== undefined && theirs.slug === mine.slug) || (theirs.host !== undefined && theirs.host === mine.host);
    });
    const { validateTenantSet } = await loadValidator();
    const results = validateTenantSet([...rivals.map((o) => ({ file: o.file, text: o.text })), { file: `${slug}.json`, text }]);
    return results[results.length - 1]!;
  }

  private identities = new Map<string, { slug?: string; host?: string; unparsable?: boolean }>();

  async validate(slug: string, text: string): Promise<EditorIssue[]> {
    const result = await this.run(slug, text);
    const { formatIssue } = await loadValidator();
    return withPositions(text, result.issues, formatIssue);
  }

  /** Loads and compiles the validator ahead of the first request. */
  async warm(): Promise<void> {
    const files = await this.workspace.readAll();
    const first = files[0];
    if (first) await this.validate(first.slug, first.text);
    else await loadValidator();
  }

  /** Resolved config for the preview, or the errors that prevent one. */
  async resolve(slug: string, text: string): Promise<{ config?: ResolvedTenant; errors: string[] }> {
    const result = await this.run(slug, text);
    const { formatIssue } = await loadValidator();
    const errors = result.issues.filter((i) => i.severity === 'error').map((i) => formatIssue(i));
    return result.config ? { config: result.config, errors } : { errors };
  }
}

/** The fields cross-tenant rules compare (slug, site host), read leniently. */
function identity(text: string): { slug?: string; host?: string; unparsable?: boolean } {
  try {
    const doc = JSON.parse(text) as { slug?: unknown; siteUrl?: unknown };
    const out: { slug?: string; host?: string } = {};
    if (typeof doc.slug === 'string') out.slug = doc.slug;
    // Same reading of the host as schema/validate.ts's unique-host rule.
    const m = typeof doc.siteUrl === 'string' ? /^https?:\/\/([^/:?#]+)/i.exec(doc.siteUrl) : null;
    if (m?.[1]) out.host = m[1].toLowerCase();
    return out;
  } catch {
    return { unparsable: true };
  }
}
