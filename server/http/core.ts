import type { ShopperEmail } from '../lead-delivery/index.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/types.ts';
import type { AccountMailer } from '../accounts/mailer.ts';
import type { HostedTenant } from '../tenants.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { parsePlainly } from '../../schema/plain-issue.ts';

/*
 * The few pieces every handler shares: the request context, typed routes (which also feed the
 * OpenAPI document), errors that become JSON answers, and zod parsing that names the bad field.
 */

/** An error with an HTTP status; thrown by handlers and turned into `{ error, fields? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * A refusal written for the person who sent the form (a test-drive time already taken, an order
 * total that changed, an expired link). Its answer carries the words as `message` beside `error`:
 * forms show `message` and nothing else of the body, so a summary written for programs ('No lead
 * 12 on this site', 'Cross-site request refused…') never reaches a shopper.
 */
export class ShopperRefusal extends HttpError {}

/**
 * The JSON body of a refused request: `error` (the summary for programs), `message` (only when the
 * refusal was written for the shopper) and the refused `fields`.
 * @param error the refusal
 */
export function refusalBody(error: HttpError): { error: string; message?: string; fields?: { path: string; message: string }[] } {
  return {
    error: error.message,
    ...(error instanceof ShopperRefusal ? { message: error.message } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
  };
}

/** The signed-in user of a request, when there is one. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  role: 'shopper' | 'dealer';
}

/** Everything a handler may use; always scoped to the tenant of the request's Host. */
export interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  tenant: HostedTenant;
  siteId: number;
  db: Kysely<Database>;
  params: Record<string, string>;
  query: URLSearchParams;
  ip: string;
  /** Resolves the session cookie (cached per request). */
  user(): Promise<SessionUser | null>;
  /** Reads and JSON-parses the request body (1 MB limit). */
  body(): Promise<unknown>;
  /** Extra response headers (cookies). */
  setHeader(name: string, value: string | string[]): void;
  /** Counts one attempt against an account (e.g. sign-up by email) and throws 429 past its limit. */
  limitAccount(account: string): Promise<void>;
  /** Password guessing throttle shared by every sign-in form (server/http/sign-in-guard.ts). */
  signInGuard: SignInGuard;
  /** Whether the request arrived over HTTPS (directly, or through a trusted proxy). */
  secure: boolean;
  /** Whether a tool on the server machine sent it (the local admin token over loopback), such as `npm run stock:import`. */
  localTool: boolean;
  services: ServerServices;
}

/** Server-wide services handlers reach through the context. */
export interface ServerServices {
  /** Re-indexes a tenant's cars in the search engine after a car changed. */
  reindexCars(siteId: number, carIds: number[]): Promise<void>;
  /** Whether a car passes the tenant's enforced stock filter (hidden and long-sold cars do not). */
  carIsPublic(tenant: HostedTenant, carId: number): Promise<boolean>;
  /** Whether a car the site once listed has left it for good (sold beyond the sold window): its page is 410 Gone. */
  carLeftSite(tenant: HostedTenant, carId: number): Promise<boolean>;
  now(): Date;
  /** Lead deliveries were committed: the delivery worker looks for due ones now instead of at its next poll. */
  deliveriesQueued?(): void;
  /** Sends emails about accounts (confirmation links, password resets) off the request. */
  accountMail: AccountMailer;
  /** Sends a shopper an email about their own order (a receipt), through the lead emails' relay. */
  sendShopperEmail?(tenant: HostedTenant, mail: ShopperEmail): Promise<{ ok: boolean; error: string | null }>;
}

/** A handler's answer: JSON (default), or raw bytes with a content type. */
export type HandlerResult =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; body: Buffer | string; contentType: string; headers?: Record<string, string> };

/** One API route; the zod schemas document it in OpenAPI and validate input. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with `{param}` segments, e.g. `/api/cars/{slug}/view.json`. */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Non-JSON answer content type for the OpenAPI document (e.g. application/pdf). */
  produces?: string;
  /**
   * 'local': only the local admin token of a tool on this machine (npm run dealer-account);
   * 'dealer-key': a site's stock API key (Authorization: Bearer), or the local admin token.
   */
  auth?: 'user' | 'dealer' | 'local' | 'dealer-key';
  /** Lead endpoints: subject to the per-IP rate limit (429). */
  rateLimited?: boolean;
  handler(ctx: Context): Promise<HandlerResult>;
}

/**
 * The fields an issue is about, as dotted paths: a field the schema does not take is named
 * itself (zod puts it on the object that holds it, which for a query or body is the whole).
 * @param issue one of a zod error's issues
 */
function issuePaths(issue: z.core.$ZodIssue): string[] {
  const at = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => [...at, key].join('.'));
  return [at.join('.') || '(root)'];
}

/**
 * Turns a zod error into a 400 that names every bad field (`path: message`).
 * @param error the zod error whose messages the `fields` carry
 * @param where 'body' or 'query', prefixed to the message
 * @param detail the same refusal in zod's own wording, for the `error` summary (defaults to `error`)
 */
export function validationError(error: z.ZodError, where: string, detail: z.ZodError = error): HttpError {
  const fields = error.issues.flatMap((i) => issuePaths(i).map((path) => ({ path, message: i.message })));
  const summary = detail.issues.map((i) => `${issuePaths(i).join(', ')}: ${i.message}`);
  return new HttpError(400, `Invalid ${where}: ${summary.join('; ')}`, fields.length > 0 ? fields : undefined);
}

/**
 * Parses input with a schema or throws a 400 naming the fields.
 * @param schema zod schema
 * @param value input
 * @param where 'body' or 'query'
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // `error` keeps zod's detail for programs ('Too big: expected string to have <=200 characters');
  // each field's message words a rule without a message of its own for the shopper, as the form's
  // own check words it. Parsed again only when refused.
  const plain = parsePlainly(schema, value);
  throw validationError(plain.success ? result.error : plain.error, where, result.error);
}

/**
 * Reads a request body as text up to a byte limit.
 * @param req the request
 * @param limit maximum bytes (413 beyond)
 */
export async function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `Request body larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Largest id the database stores (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/**
 * A positive database id from a path segment, or a 400 naming the parameter.
 * @param value the raw segment
 * @param name parameter name for the message
 */
export function positiveId(value: string | undefined, name: string): number {
  const id = /^\d{1,10}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw new HttpError(400, `Invalid path: ${name}: must be a whole number from 1 to ${MAX_ID}`, [{ path: name, message: `must be a whole number from 1 to ${MAX_ID}` }]);
  return id;
}

/**
 * Compiles a `{param}` path into a matcher returning the params, or null.
 * @param pattern route path
 */
export function compilePath(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}(.*)$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1] ?? '');
      return `([^/]+)${(m[2] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('/');
  const re = new RegExp(`^${source}$`);
  return (path) => {
    const m = re.exec(path);
    if (!m) return null;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      try {
        params[n] = decodeURIComponent(m[i + 1] ?? '');
      } catch {
        params[n] = m[i + 1] ?? '';
      }
    });
    return params;
  };
}
