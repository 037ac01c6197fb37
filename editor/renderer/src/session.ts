import { editForValue } from '../../shared/json-edit.ts';
import type { BuildEvent, BuildReportView, Draft, EditorIssue, PreviewPage, TenantSummary, WorkspaceApi } from '../../shared/workspace-api.ts';
import { applyMerge, defaultChoice, threeWayChanges, type MergeChange } from '../../shared/merge.ts';
import type { NewTenantSetup } from '../../shared/new-tenant.ts';
import { askFirstScreen, type FirstScreen } from './first-screen.ts';
import type { TextModel } from './text-model.ts';

/** A change on disk the editor has not folded in yet. */
export type ExternalChange = { kind: 'changed'; text: string; hash: string; onSave: boolean } | { kind: 'deleted' };

/** How often the preview's state is asked while it starts. */
const PREVIEW_POLL_MS = 500;

/** One open tenant. */
export interface DocView {
  slug: string;
  text: string;
  /** What the file held when opened or last saved (the diff base). */
  savedText: string;
  /** Hash of the file on disk the editor is based on; save refuses when disk differs. */
  baseHash: string | null;
  issues: EditorIssue[];
  /** Text revision the issues belong to; equals `revision` once diagnostics caught up. */
  validatedRevision: number;
  revision: number;
  external?: ExternalChange;
  /** Restored from a crash-recovery draft and not yet saved. */
  recovered?: boolean;
}

export interface PreviewView {
  state: 'starting' | 'ready' | 'error' | 'unavailable';
  /** While starting: the step under way. */
  step?: string;
  url?: string;
  message?: string;
  pages: PreviewPage[];
  /** The tenant the preview server shows (perhaps for another window). */
  slug?: string;
  mine?: boolean;
  /** Config version the preview server has applied. */
  version: number;
  /** Why the preview does not show the current text (e.g. it has errors). */
  note?: string;
  /**
   * What the frame may show: this text, this tenant's last valid text, nothing yet (the tenant is
   * not valid), or nothing because another editor window took the preview over.
   */
  shown?: 'this' | 'last-valid' | 'placeholder' | 'other';
}

export interface BuildView {
  slug: string;
  jobId: string;
  state: 'running' | 'done' | 'failed';
  events: BuildEvent[];
  report?: BuildReportView;
  error?: string;
}

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  text: string;
}

export interface SessionState {
  ready: boolean;
  tenants: TenantSummary[];
  templates: { id: string; label: string; description: string }[];
  drafts: Draft[];
  current?: string;
  doc?: DocView;
  dirty: string[];
  preview: PreviewView;
  build?: BuildView;
  notices: Notice[];
}

export interface SessionOptions {
  api: WorkspaceApi;
  /** May be async: the Monaco bundle loads after the first paint. */
  createModel: (slug: string, text: string) => TextModel | Promise<TextModel>;
  /** How often to look for changes on disk, ms (0 disables the timer; tests call checkDisk). */
  diskPollMs?: number;
  draftDelayMs?: number;
  /** This window's id with the preview (the editor's entry makes it before this code loads). */
  sessionId?: string;
}

/** The file a text is based on: what it held, and its hash (a save is checked against it). */
interface Base {
  savedText: string;
  baseHash: string | null;
}

/**
 * A point in the undo history where the base changed without staff writing it (the disk version
 * was taken, or merged in): undoing past it puts the text back on the base it had before.
 */
interface BaseMark {
  /** The history state right after the change of base. */
  version: number;
  before: Base;
  after: Base;
}

interface OpenDoc extends DocView {
  model: TextModel;
  unsubscribe: () => void;
  draftTimer?: ReturnType<typeof setTimeout>;
  /** Changes of base still in the undo history, oldest first. */
  marks: BaseMark[];
  /** Changes of base undone (Redo brings them back), most recently undone last. */
  undoneMarks: BaseMark[];
}

/** Runs `task` at most once at a time; calls made meanwhile collapse into one rerun. */
function coalesce(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await task();
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return run;
}

/**
 * Everything the editor window knows, as one store React subscribes to: open tenants and their
 * text models, diagnostics from the shared validator, the live preview, builds, and the "never
 * lose work" machinery (drafts, disk-change checks, save conflicts).
 */
export class EditorSession {
  private state: SessionState = {
    ready: false,
    tenants: [],
    templates: [],
    drafts: [],
    dirty: [],
    preview: { state: 'unavailable', pages: [], version: 0 },
    notices: [],
  };
  private listeners = new Set<() => void>();
  private docs = new Map<string, OpenDoc>();
  /** Tenants with a save under way: the disk check leaves them alone until it answers. */
  private saving = new Set<string>();
  private noticeId = 0;
  private timers: ReturnType<typeof setInterval>[] = [];
  private readonly api: WorkspaceApi;
  private validateQueues = new Map<string, () => Promise<void>>();
  private pushPreview: () => Promise<void>;
  /** This window; the preview server shows one window's tenant at a time. */
  readonly sessionId: string;

  constructor(private readonly options: SessionOptions) {
    this.api = options.api;
    this.sessionId = options.sessionId ?? crypto.randomUUID();
    this.pushPreview = coalesce(() => this.sendPreview());
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;

  private set(patch: Partial<SessionState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private refreshDoc() {
    const cur = this.state.current ? this.docs.get(this.state.current) : undefined;
    const dirty = [...this.docs.values()].filter((d) => d.text !== d.savedText || d.recovered).map((d) => d.slug);
    let doc: DocView | undefined;
    if (cur) {
      const { model: _m, unsubscribe: _u, draftTimer: _t, ...view } = cur;
      doc = view;
    }
    this.set({ doc, dirty });
  }

  /** Adds a message for staff (toast / status line). */
  notify(kind: Notice['kind'], text: string) {
    const notice = { id: ++this.noticeId, kind, text };
    this.set({ notices: [...this.state.notices.slice(-4), notice] });
    setTimeout(() => this.dismiss(notice.id), kind === 'error' ? 12_000 : 5_000);
  }
  dismiss(id: number) {
    this.set({ notices: this.state.notices.filter((n) => n.id !== id) });
  }

  private async guard<T>(what: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      this.notify('error', `${what}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }

  /** Shows the first screen: `first` when the entry already asked for it, else asked now. */
  async init(first: Promise<FirstScreen> = askFirstScreen(this.api, this.sessionId)) {
    const { tenants, templates, drafts, preview } = await first;
    this.set({ ready: true, tenants, templates, drafts, preview: { ...this.state.preview, ...preview } });
    void this.refreshTenants();
    const poll = this.options.diskPollMs ?? 2000;
    if (poll > 0) this.timers.push(setInterval(() => void Promise.all([this.checkDisk(), this.checkPreviewOwner()]), poll));
  }

  dispose() {
    for (const t of this.timers) clearInterval(t);
    for (const d of this.docs.values()) {
      d.unsubscribe();
      d.model.dispose();
    }
  }

  async refreshTenants() {
    const r = await this.guard('Could not list tenants', () => this.api.listTenants({}));
    if (!r) return;
    // Open tenants keep the counts of their text in the editor (what the header shows).
    const live = (t: TenantSummary): TenantSummary => {
      const d = this.docs.get(t.slug);
      if (!d || d.validatedRevision < 0) return t;
      const errors = d.issues.filter((i) => i.severity === 'error').length;
      return { ...t, errors, warnings: d.issues.length - errors };
    };
    this.set({ tenants: r.tenants.map(live) });
  }

  /** Model of an open tenant (the JSON view attaches to it). */
  model(slug: string): TextModel | undefined {
    return this.docs.get(slug)?.model;
  }

  /** Opens a tenant (or switches to it when open); `draft` restores crash-recovered text. */
  async open(slug: string, draft?: Draft) {
    let doc = this.docs.get(slug);
    if (!doc) {
      const file = await this.guard(`Could not open ${slug}`, () => this.api.openTenant({ slug }));
      if (!file) return;
      const model = await this.options.createModel(slug, file.text);
      // Opened twice while Monaco was loading: keep the first.
      const raced = this.docs.get(slug);
      if (raced) {
        model.dispose();
        this.set({ current: slug });
        this.refreshDoc();
        return;
      }
      doc = {
        slug,
        text: file.text,
        savedText: file.text,
        baseHash: file.stamp.hash,
        issues: [],
        validatedRevision: -1,
        revision: 0,
        model,
        unsubscribe: () => undefined,
        marks: [],
        undoneMarks: [],
      };
      const d = doc;
      d.unsubscribe = model.onDidChange(() => this.onText(d));
      this.docs.set(slug, doc);
    }
    if (draft) {
      doc.recovered = true;
      doc.model.setValue(draft.text, true);
      this.set({ drafts: this.state.drafts.filter((x) => x.slug !== slug) });
    }
    this.set({ current: slug });
    this.refreshDoc();
    const pushed = this.pushPreview();
    void this.followPreviewStart(pushed);
    await Promise.all([this.validate(doc), pushed]);
    if (this.state.preview.state === 'starting') void this.waitForPreview();
  }

  /**
   * While the first preview starts (the push waits for it, ten seconds or more the first time on
   * a computer), shows which step it is on, as the preview server reports it every half second.
   * @param pushed the push that waits for the start
   */
  private async followPreviewStart(pushed: Promise<unknown>) {
    let done = false;
    const end = () => {
      done = true;
    };
    pushed.then(end, end);
    for (;;) {
      const s = await this.nextPreviewStatus();
      if (done || s?.state !== 'starting') return;
      this.set({ preview: { ...this.state.preview, state: 'starting', step: s.step } });
    }
  }

  /** The preview's state PREVIEW_POLL_MS from now (undefined when it cannot be asked). */
  private async nextPreviewStatus() {
    await new Promise((r) => setTimeout(r, PREVIEW_POLL_MS));
    return this.api.previewStatus({ session: this.sessionId }).catch(() => undefined);
  }

  /** Closes a tenant's model (after delete or rename). */
  private closeDoc(slug: string) {
    const d = this.docs.get(slug);
    if (!d) return;
    clearTimeout(d.draftTimer);
    d.unsubscribe();
    d.model.dispose();
    this.docs.delete(slug);
    if (this.state.current === slug) this.set({ current: undefined });
    this.refreshDoc();
  }

  /**
   * Keeps the text's base true across Undo and Redo: undoing past a reload or merge puts the text
   * back on the file it was based on then (so a save of it is checked against that file, and a
   * colleague's change on disk goes through the merge instead of being overwritten); redoing
   * brings the newer base back.
   */
  private followHistory(doc: OpenDoc) {
    const v = doc.model.version();
    for (let top = doc.marks.at(-1); top && v < top.version; top = doc.marks.at(-1)) {
      doc.marks.pop();
      doc.undoneMarks.push(top);
      doc.savedText = top.before.savedText;
      doc.baseHash = top.before.baseHash;
      // The disk still holds the newer version: say so now (the poll would otherwise take it
      // silently when nothing unsaved is left, undoing the Undo).
      doc.external = top.after.baseHash === null ? { kind: 'deleted' } : { kind: 'changed', text: top.after.savedText, hash: top.after.baseHash, onSave: false };
    }
    for (let next = doc.undoneMarks.at(-1); next && v === next.version; next = doc.undoneMarks.at(-1)) {
      doc.undoneMarks.pop();
      doc.marks.push(next);
      doc.savedText = next.after.savedText;
      doc.baseHash = next.after.baseHash;
      doc.external = undefined;
    }
    // A new edit after an Undo: what was undone can no longer be redone.
    const last = doc.undoneMarks.at(-1);
    if (last && v > last.version) doc.undoneMarks = [];
  }

  /** Changes the base of a text (the disk version taken or merged in) and remembers it in the history. */
  private rebase(doc: OpenDoc, after: Base, text?: string) {
    const before: Base = { savedText: doc.savedText, baseHash: doc.baseHash };
    doc.savedText = after.savedText;
    doc.baseHash = after.baseHash;
    doc.external = undefined;
    doc.recovered = false;
    if (text !== undefined) doc.model.setValue(text, true);
    doc.marks.push({ version: doc.model.version(), before, after });
    doc.undoneMarks = [];
  }

  private onText(doc: OpenDoc) {
    this.followHistory(doc);
    doc.text = doc.model.getValue();
    doc.revision++;
    // The workspace is asked first (its answer is what the problems panel and the preview wait
    // for), then the window renders the new text while it answers.
    void this.validate(doc);
    if (doc.slug === this.state.current) void this.pushPreview();
    this.refreshDoc();
    clearTimeout(doc.draftTimer);
    doc.draftTimer = setTimeout(() => void this.saveDraft(doc), this.options.draftDelayMs ?? 600);
  }

  private validate(doc: OpenDoc): Promise<void> {
    let q = this.validateQueues.get(doc.slug);
    if (!q) {
      q = coalesce(async () => {
        const revision = doc.revision;
        const text = doc.text;
        const r = await this.guard('Validation failed', () => this.api.validate({ slug: doc.slug, text }));
        if (!r || !this.docs.has(doc.slug)) return;
        doc.issues = r.issues;
        doc.validatedRevision = revision;
        doc.model.setIssues(r.issues);
        // The list's badge counts what the header counts: the text being edited, saved or not.
        const errors = r.issues.filter((i) => i.severity === 'error').length;
        const warnings = r.issues.length - errors;
        this.set({ tenants: this.state.tenants.map((t) => (t.slug === doc.slug ? { ...t, errors, warnings } : t)) });
        this.refreshDoc();
      });
      this.validateQueues.set(doc.slug, q);
    }
    return q();
  }

  private async sendPreview() {
    const slug = this.state.current;
    const doc = slug ? this.docs.get(slug) : undefined;
    if (!doc) return;
    const r = await this.guard('Preview update failed', () => this.api.previewUpdate({ slug: doc.slug, text: doc.text, session: this.sessionId }));
    if (!r) return;
    const status = r.applied && this.state.preview.state !== 'ready' ? await this.api.previewStatus({ session: this.sessionId }) : undefined;
    this.set({
      preview: {
        ...this.state.preview,
        ...status,
        version: r.version,
        shown: r.shown,
        pages: r.pages,
        slug: doc.slug,
        ...(r.applied ? { note: undefined } : { note: r.reason ?? 'The preview shows the last valid version.' }),
      },
    });
  }

  /** Notices another editor window taking the preview over, so this one stops showing its site. */
  async checkPreviewOwner() {
    const shown = this.state.preview.shown;
    if (shown !== 'this' && shown !== 'last-valid') return;
    const s = await this.api.previewStatus({ session: this.sessionId }).catch(() => undefined);
    if (s?.mine === false && this.state.preview.shown === shown) {
      this.set({ preview: { ...this.state.preview, ...s, shown: 'other', note: undefined } });
    } else if (s?.mine && s.slug === this.state.current && JSON.stringify(s.pages) !== JSON.stringify(this.state.preview.pages)) {
      // A car of the tenant's stock joins the Page picker once the data server found one.
      this.set({ preview: { ...this.state.preview, pages: s.pages } });
    }
  }

  /** "Show it here": takes the preview back for this window's tenant. */
  async showPreviewHere() {
    await this.pushPreview();
  }

  private async waitForPreview() {
    for (let i = 0; i < 120 && this.state.preview.state !== 'ready'; i++) {
      const s = await this.nextPreviewStatus();
      if (s) this.set({ preview: { ...this.state.preview, ...s } });
      if (s?.state === 'error') return;
    }
    await this.pushPreview();
  }

  async refreshPreviewPages() {
    const s = await this.api.previewStatus({ session: this.sessionId }).catch(() => undefined);
    if (s) this.set({ preview: { ...this.state.preview, ...s } });
  }

  private async saveDraft(doc: OpenDoc) {
    if (!this.docs.has(doc.slug)) return;
    if (doc.text === doc.savedText && !doc.recovered) {
      await this.api.discardDraft({ slug: doc.slug }).catch(() => undefined);
      return;
    }
    await this.guard('Could not store the recovery copy', () =>
      this.api.saveDraft({ slug: doc.slug, text: doc.text, baseHash: doc.baseHash }),
    );
  }

  /** Form view → text: sets the value at `pointer` (undefined removes it, falling back to the default). */
  setValue(pointer: string, value: unknown) {
    const doc = this.currentDoc();
    if (!doc) return;
    const edit = editForValue(doc.text, pointer, value);
    if (!edit) {
      this.notify('error', 'Fix the JSON syntax error before editing in the form.');
      return;
    }
    doc.model.applyEdit(edit, pointer);
  }

  undo() {
    this.currentDoc()?.model.undo();
  }
  redo() {
    this.currentDoc()?.model.redo();
  }

  private currentDoc(): OpenDoc | undefined {
    return this.state.current ? this.docs.get(this.state.current) : undefined;
  }

  /** Number of errors in the current text (saving them needs a confirmation). */
  errorCount(): number {
    return this.currentDoc()?.issues.filter((i) => i.severity === 'error').length ?? 0;
  }

  /** Waits until diagnostics describe the current text (so a save decision uses fresh errors). */
  async settle() {
    const doc = this.currentDoc();
    if (doc && doc.validatedRevision !== doc.revision) await this.validate(doc);
  }

  /**
   * Saves the current tenant. `overwrite` is staff's explicit "keep mine" after an external change.
   * Returns 'conflict' when the file changed on disk (nothing written).
   */
  async save(overwrite = false): Promise<'saved' | 'conflict' | 'failed'> {
    const doc = this.currentDoc();
    if (!doc) return 'failed';
    const text = doc.text;
    this.saving.add(doc.slug);
    const r = await this.guard('Save failed', () => this.api.saveTenant({ slug: doc.slug, text, baseHash: doc.baseHash, overwrite })).finally(() => this.saving.delete(doc.slug));
    if (!r) return 'failed';
    if (r.status === 'conflict') {
      doc.external =
        r.diskText === null || r.diskStamp === null
          ? { kind: 'deleted' }
          : { kind: 'changed', text: r.diskText, hash: r.diskStamp.hash, onSave: true };
      this.refreshDoc();
      return 'conflict';
    }
    doc.savedText = text;
    doc.baseHash = r.stamp.hash;
    doc.recovered = false;
    doc.external = undefined;
    clearTimeout(doc.draftTimer);
    this.refreshDoc();
    this.notify('info', `Saved tenants/${doc.slug}.json`);
    void this.refreshTenants();
    return 'saved';
  }

  /** Looks for changes on disk to every open tenant. */
  async checkDisk() {
    for (const doc of this.docs.values()) {
      if (doc.external || this.saving.has(doc.slug)) continue;
      const asked = doc.baseHash;
      const r = await this.api.checkDisk({ slug: doc.slug, baseHash: asked }).catch(() => undefined);
      // An answer about another base (a save or reload landed meanwhile) says nothing about this one.
      if (!r || r.status === 'unchanged' || doc.baseHash !== asked || this.saving.has(doc.slug) || doc.external) continue;
      if (r.status === 'changed' && doc.text === doc.savedText && !doc.recovered) {
        // Nothing unsaved to lose: follow the disk, and say so.
        this.adoptDisk(doc, r.text, r.stamp.hash);
        this.notify('info', `tenants/${doc.slug}.json changed on disk and was reloaded.`);
        continue;
      }
      doc.external = r.status === 'changed' ? { kind: 'changed', text: r.text, hash: r.stamp.hash, onSave: false } : { kind: 'deleted' };
      this.refreshDoc();
    }
  }

  private adoptDisk(doc: OpenDoc, text: string, hash: string) {
    this.rebase(doc, { savedText: text, baseHash: hash }, text);
    this.refreshDoc();
  }

  /** "Reload": take the disk version (the previous text stays on the undo stack). */
  reloadFromDisk() {
    const doc = this.currentDoc();
    if (doc?.external?.kind !== 'changed') return;
    this.adoptDisk(doc, doc.external.text, doc.external.hash);
    void this.api.discardDraft({ slug: doc.slug }).catch(() => undefined);
  }

  /**
   * The three-way view of a disk conflict: every change since the saved base, yours and the
   * disk's; undefined when a side is not valid JSON (then only reload or keep mine remain).
   */
  mergeChanges(): MergeChange[] | undefined {
    const doc = this.currentDoc();
    if (doc?.external?.kind !== 'changed') return undefined;
    return threeWayChanges(doc.savedText, doc.text, doc.external.text);
  }

  /**
   * Applies the merge staff chose: the disk text with the changes kept as "yours" written in. The
   * disk version becomes the base, so the next save writes the merge without another conflict.
   */
  applyMerge(choices: ReadonlyMap<string, 'mine' | 'theirs'>) {
    const doc = this.currentDoc();
    const changes = this.mergeChanges();
    if (doc?.external?.kind !== 'changed' || !changes) return;
    const merged = applyMerge(doc.external.text, changes, (c) => choices.get(c.pointer) ?? defaultChoice(c));
    const { text: diskText, hash } = doc.external;
    this.rebase(doc, { savedText: diskText, baseHash: hash }, merged);
    this.refreshDoc();
    const mine = changes.filter((c) => (choices.get(c.pointer) ?? defaultChoice(c)) === 'mine' && c.kind !== 'theirs').length;
    this.notify('info', `Merged with the disk version (${mine} of your ${mine === 1 ? 'change' : 'changes'} kept). Save to write it.`);
  }

  /** "Keep mine": base on the disk version so the next save replaces it deliberately. */
  keepMine() {
    const doc = this.currentDoc();
    if (!doc?.external) return;
    if (doc.external.kind === 'changed') this.rebase(doc, { savedText: doc.external.text, baseHash: doc.external.hash });
    else this.rebase(doc, { savedText: '', baseHash: null });
    this.refreshDoc();
  }

  async create(
    slug: string,
    name: string,
    from: { kind: 'template'; template: string } | { kind: 'duplicate'; source: string },
    extra: { setup?: NewTenantSetup; siteUrl?: string } = {},
  ) {
    const r = await this.guard('Could not create the tenant', () => this.api.createTenant({ slug, name, from, ...extra }));
    if (!r) return false;
    await this.refreshTenants();
    await this.open(r.slug);
    this.notify('info', `Created tenants/${r.slug}.json`);
    return true;
  }

  /** The new-tenant flow's postcode → place (state and map position); undefined when the call failed. */
  lookupPostcode = async (postcode: string) => this.api.lookupPostcode({ postcode }).catch(() => undefined);

  async rename(from: string, to: string) {
    const doc = this.docs.get(from);
    if (doc && doc.text !== doc.savedText) {
      this.notify('error', `Save or undo the changes to ${from} before renaming it.`);
      return false;
    }
    const r = await this.guard('Could not rename the tenant', () => this.api.renameTenant({ from, to }));
    if (!r) return false;
    const wasCurrent = this.state.current === from;
    this.closeDoc(from);
    await this.refreshTenants();
    if (wasCurrent) await this.open(r.slug);
    this.notify('info', `Renamed ${from} to ${r.slug}`);
    return true;
  }

  async remove(slug: string) {
    const r = await this.guard('Could not delete the tenant', () => this.api.deleteTenant({ slug, confirm: true }));
    if (!r) return false;
    this.closeDoc(slug);
    await this.refreshTenants();
    this.notify('info', `Deleted tenants/${slug}.json (moved to the editor's trash folder)`);
    return true;
  }

  async restoreDraft(draft: Draft) {
    await this.open(draft.slug, draft);
  }

  async discardDraft(slug: string) {
    await this.guard('Could not discard the recovered copy', () => this.api.discardDraft({ slug }));
    this.set({ drafts: this.state.drafts.filter((d) => d.slug !== slug) });
  }

  /** Starts the production build of the current tenant and follows its progress. */
  /** Stores a logo for the open tenant (checked by the workspace); throws with a message naming the problem. */
  async uploadLogo(dataBase64: string) {
    const slug = this.state.current;
    if (!slug) throw new Error('Open a tenant first');
    return this.api.uploadLogo({ slug, dataBase64 });
  }

  /** The thumbnail of an image the open tenant names (null when it is not one of its uploads). */
  async assetThumbnail(src: string): Promise<string | null> {
    const slug = this.state.current;
    if (!slug) return null;
    return (await this.api.assetThumbnail({ slug, src })).thumbnail;
  }

  async build() {
    const slug = this.state.current;
    if (!slug) return;
    const r = await this.guard('Could not start the build', () => this.api.startBuild({ slug }));
    if (!r) return;
    let view: BuildView = { slug, jobId: r.jobId, state: 'running', events: [] };
    this.set({ build: view });
    let since = 0;
    while (view.state === 'running') {
      await new Promise((res) => setTimeout(res, 250));
      const s = await this.api.buildStatus({ jobId: r.jobId, since }).catch((err: unknown) => ({
        state: 'failed' as const,
        events: [],
        error: err instanceof Error ? err.message : String(err),
      }));
      since = s.events.length ? s.events[s.events.length - 1]!.seq + 1 : since;
      view = {
        ...view,
        state: s.state,
        events: [...view.events, ...s.events],
        ...('report' in s && s.report ? { report: s.report } : {}),
        ...(s.error ? { error: s.error } : {}),
      };
      this.set({ build: view });
    }
  }

  closeBuild() {
    this.set({ build: undefined });
  }
}
