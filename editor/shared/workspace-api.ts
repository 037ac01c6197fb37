/**
 * The one typed interface between the editor renderer and the workspace (files, validation,
 * previews, builds). Every channel has a zod request and response schema; both transports (Electron
 * IPC and the browser-mode HTTP bridge) answer through `answerChannel`, which parses the request
 * and the handler's response with these same schemas on the trusted side, so the two modes cannot
 * drift apart and the renderer (`workspace-client.ts`) receives only checked answers.
 */
import { z } from 'zod';
import { MAX_TENANT_ASSET_BYTES } from '../../schema/tenant-assets.ts';
import { CHANNEL_NAMES, IPC_PREFIX, type Channel } from './workspace-client.ts';

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case letters, digits and single hyphens')
  .max(63, 'slug must be at most 63 characters');
// Tenant files are small; a generous cap stops a runaway payload from exhausting memory.
const tenantText = z.string().max(2_000_000, 'tenant text must be under 2 MB');

/**
 * One editor window (tab). The preview server shows one session's tenant at a time; the others
 * show a placeholder instead of another window's tenant.
 */
export const PreviewSession = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'session must be 8–64 letters, digits or hyphens');

export const FileStamp = z.object({ mtimeMs: z.number(), size: z.number().int(), hash: z.string() });
export type FileStamp = z.infer<typeof FileStamp>;

export const EditorIssue = z.object({
  file: z.string(),
  pointer: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
  /** Human-readable `tenants/<file>: /pointer: message`, from the shared `formatIssue`. */
  formatted: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int(),
  endColumn: z.number().int(),
});
export type EditorIssue = z.infer<typeof EditorIssue>;

export const TenantSummary = z.object({
  slug: z.string(),
  name: z.string().optional(),
  /** Absent when the list was asked for without validation (the fast first paint). */
  errors: z.number().int().optional(),
  warnings: z.number().int().optional(),
});
export type TenantSummary = z.infer<typeof TenantSummary>;

export const CreateSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('template'), template: z.string().min(1) }),
  z.object({ kind: z.literal('duplicate'), source: slug }),
]);
export type CreateSource = z.infer<typeof CreateSource>;

export const BuildEvent = z.object({
  seq: z.number().int(),
  at: z.number(),
  phase: z.enum(['queued', 'validate', 'bundle', 'write', 'report', 'done', 'failed']),
  message: z.string(),
  /** 0..1 when the phase can estimate it. */
  progress: z.number().min(0).max(1).optional(),
});
export type BuildEvent = z.infer<typeof BuildEvent>;

const Size = z.object({ raw: z.number(), gzip: z.number() });
export const BuildReportView = z.object({
  slug: z.string(),
  durationMs: z.number(),
  totalJs: Size,
  /** The pages of the tenant's site (only those it has): the name staff know, the address shoppers see, their JS. */
  routes: z.array(z.object({ route: z.string(), address: z.string(), raw: z.number(), gzip: z.number() })),
  /** Every feature switch: its value, whether it has code of its own, and that code's effect. */
  features: z.array(
    z.object({
      name: z.string(),
      /** The switch's value as chosen: On/Off, or the choice itself ("watchlist"). */
      value: z.string(),
      enabled: z.boolean(),
      inBundle: z.boolean(),
      modules: z.number().int(),
      /** Minified bytes of the switch's own modules in this bundle. */
      bytes: z.number(),
      /** The pages that load that code ('every page' when the first page or the layout loads it). */
      routes: z.array(z.string()),
      /** What the switch does to this bundle, in words. */
      effect: z.string(),
    }),
  ),
  /** Every setting whose value differs from the schema default, with its effect. */
  changedSettings: z.array(z.object({ setting: z.string(), label: z.string(), value: z.string(), default: z.string(), effect: z.string() })),
  reportPath: z.string(),
});
export type BuildReportView = z.infer<typeof BuildReportView>;

export const PreviewPage = z.object({ id: z.string(), label: z.string(), path: z.string() });
export type PreviewPage = z.infer<typeof PreviewPage>;

export const Draft = z.object({ slug: z.string(), text: z.string(), savedAt: z.number(), baseHash: z.string().nullable() });
export type Draft = z.infer<typeof Draft>;

const text = (max: number, field: string) => z.string().trim().min(1, `${field} is required`).max(max);
const NewLocation = z.object({
  name: text(200, 'location name'),
  street: text(200, 'street'),
  suburb: text(100, 'suburb'),
  postcode: z.string().regex(/^\d{4}$/, 'postcode must be 4 digits'),
  phone: text(30, 'phone'),
});
const NewTenantSetup = z
  .object({
    siteUrl: z.string().max(200),
    dealership: z.object({ name: text(200, 'dealership name'), makes: z.array(text(60, 'make')).min(1).max(30), licenceNumber: text(60, 'licence number') }).strict(),
    location: NewLocation.strict(),
    secondLocation: NewLocation.extend({ type: z.enum(['sales', 'service']) }).strict().optional(),
    primary: z.enum(['first', 'second']).optional(),
  })
  .strict();

const empty = z.object({}).strict();

/** Every channel: its request and response schema. */
export const channels = {
  listTenants: {
    request: z.object({ validate: z.boolean().optional() }).strict(),
    response: z.object({ tenants: z.array(TenantSummary) }),
  },
  listTemplates: {
    request: empty,
    response: z.object({ templates: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })) }),
  },
  openTenant: {
    request: z.object({ slug }).strict(),
    response: z.object({ slug: z.string(), file: z.string(), text: z.string(), stamp: FileStamp }),
  },
  createTenant: {
    request: z
      .object({
        slug,
        name: z.string().min(1).max(200),
        from: CreateSource,
        /** The new-tenant flow's answers (template starts); the file is then valid at once. */
        setup: NewTenantSetup.optional(),
        /** A duplicate's own site URL (everything else is copied). */
        siteUrl: z.string().max(200).optional(),
      })
      .strict(),
    response: z.object({ slug: z.string() }),
  },
  lookupPostcode: {
    request: z.object({ postcode: z.string().regex(/^\d{4}$/, 'postcode must be 4 digits') }).strict(),
    response: z.object({
      place: z.object({ postcode: z.string(), state: z.string(), lat: z.number(), lng: z.number(), locality: z.string(), localities: z.array(z.string()) }).optional(),
      /** False when this editor has no postcode table (coordinates cannot be filled in). */
      available: z.boolean(),
    }),
  },
  renameTenant: { request: z.object({ from: slug, to: slug }).strict(), response: z.object({ slug: z.string() }) },
  deleteTenant: { request: z.object({ slug, confirm: z.literal(true) }).strict(), response: z.object({ deleted: z.string() }) },
  saveTenant: {
    request: z
      .object({
        slug,
        text: tenantText,
        /** Hash of the file as it was opened; null for a file the editor believes is new. */
        baseHash: z.string().nullable(),
        /** true only after staff chose "keep mine" for an external change. */
        overwrite: z.boolean(),
      })
      .strict(),
    response: z.discriminatedUnion('status', [
      z.object({ status: z.literal('saved'), stamp: FileStamp }),
      z.object({ status: z.literal('conflict'), diskText: z.string().nullable(), diskStamp: FileStamp.nullable() }),
    ]),
  },
  checkDisk: {
    request: z.object({ slug, baseHash: z.string().nullable() }).strict(),
    response: z.discriminatedUnion('status', [
      z.object({ status: z.literal('unchanged') }),
      z.object({ status: z.literal('changed'), text: z.string(), stamp: FileStamp }),
      z.object({ status: z.literal('deleted') }),
    ]),
  },
  validate: {
    request: z.object({ slug, text: tenantText }).strict(),
    response: z.object({ issues: z.array(EditorIssue), durationMs: z.number() }),
  },
  saveDraft: {
    request: z.object({ slug, text: tenantText, baseHash: z.string().nullable() }).strict(),
    response: z.object({ ok: z.literal(true) }),
  },
  listDrafts: { request: empty, response: z.object({ drafts: z.array(Draft) }) },
  discardDraft: { request: z.object({ slug }).strict(), response: z.object({ ok: z.literal(true) }) },
  previewStatus: {
    request: z.object({ session: PreviewSession.optional() }).strict(),
    response: z.object({
      state: z.enum(['starting', 'ready', 'error', 'unavailable']),
      /** While starting: the step under way, as the preview pane says it. */
      step: z.string().optional(),
      url: z.string().optional(),
      message: z.string().optional(),
      pages: z.array(PreviewPage),
      /** The tenant the preview server shows now. */
      slug: z.string().optional(),
      /** True when the asking editor session is the one the preview shows. */
      mine: z.boolean().optional(),
    }),
  },
  previewUpdate: {
    request: z.object({ slug, text: tenantText, session: PreviewSession }).strict(),
    response: z.object({
      applied: z.boolean(),
      version: z.number().int(),
      reason: z.string().optional(),
      /** What the preview shows for this session: this text, this tenant's last valid text, or nothing (placeholder). */
      shown: z.enum(['this', 'last-valid', 'placeholder']),
      /** The Page picker's pages of this tenant (empty while nothing of it can be shown). */
      pages: z.array(PreviewPage),
    }),
  },
  uploadLogo: {
    request: z
      .object({
        slug,
        // Base64 of at most the largest accepted file (checked again, with the type and size, in the core).
        dataBase64: z.string().min(1, 'the file is empty').max(Math.ceil(MAX_TENANT_ASSET_BYTES / 3) * 4 + 4, `the file is too large: a logo may be at most ${MAX_TENANT_ASSET_BYTES / 1024} kB`).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
      })
      .strict(),
    response: z.object({ src: z.string(), width: z.number().int(), height: z.number().int(), thumbnail: z.string() }),
  },
  assetThumbnail: {
    request: z.object({ slug, src: z.string().max(300) }).strict(),
    response: z.object({ thumbnail: z.string().nullable() }),
  },
  startBuild: { request: z.object({ slug }).strict(), response: z.object({ jobId: z.string() }) },
  buildStatus: {
    request: z.object({ jobId: z.string().regex(/^[a-z0-9-]{1,64}$/), since: z.number().int().min(0) }).strict(),
    response: z.object({
      state: z.enum(['running', 'done', 'failed']),
      events: z.array(BuildEvent),
      report: BuildReportView.optional(),
      error: z.string().optional(),
    }),
  },
} as const;

// The renderer's list of channel names (zod-free) names exactly these channels.
type Missing = Exclude<keyof typeof channels, Channel> | Exclude<Channel, keyof typeof channels>;
const sameChannels: [Missing] extends [never] ? true : Missing = true;
void sameChannels;

export type { Channel };
export const channelNames: readonly Channel[] = CHANNEL_NAMES;
export type Req<C extends Channel> = z.input<(typeof channels)[C]['request']>;
export type Res<C extends Channel> = z.output<(typeof channels)[C]['response']>;

/** The workspace as the renderer sees it: one async function per channel. */
export type WorkspaceApi = { [C in Channel]: (request: Req<C>) => Promise<Res<C>> };

/** The trusted side's implementation: receives already-parsed requests. */
export type WorkspaceHandlers = { [C in Channel]: (request: z.output<(typeof channels)[C]['request']>) => Promise<Res<C>> };

export { IPC_PREFIX };

/** Error thrown for a request that fails its zod schema; names the field. */
export class BadRequestError extends Error {}

/** Parses a request for `channel`, throwing a BadRequestError that names every bad field. */
export function parseRequest<C extends Channel>(channel: C, payload: unknown): z.output<(typeof channels)[C]['request']> {
  const schema = channels[channel].request as z.ZodType;
  const r = schema.safeParse(payload);
  if (!r.success) {
    throw new BadRequestError(
      `${channel}: ` + r.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(payload)'}: ${i.message}`).join('; '),
    );
  }
  return r.data as z.output<(typeof channels)[C]['request']>;
}

/** True when `name` is one of the channels (for untrusted channel names). */
export function isChannel(name: string): name is Channel {
  return Object.hasOwn(channels, name);
}

/**
 * Answers one call on the trusted side (browser-mode bridge and Electron IPC alike): parses the
 * request (a BadRequestError names every bad field), runs the handler and parses its response, so
 * the renderer only ever receives data of the channel's shape.
 */
export async function answerChannel<C extends Channel>(handlers: WorkspaceHandlers, channel: C, payload: unknown): Promise<Res<C>> {
  const request = parseRequest(channel, payload);
  const handler = handlers[channel] as (r: unknown) => Promise<unknown>;
  return (channels[channel].response as z.ZodType).parse(await handler(request)) as Res<C>;
}
