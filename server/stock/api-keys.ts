import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashToken } from '../auth.ts';
import type { Database } from '../db/types.ts';

/*
 * API keys a dealer's stock system sends (`Authorization: Bearer <key>`) to PUT its feed. A key
 * is shown once when created; the database keeps its SHA-256 and its first characters (so staff
 * can tell keys apart when revoking one).
 */

const KEY_PREFIX = 'fcsk_';

/** Keys in use on one site at once (a dealer has a stock system or two, not dozens). */
export const LIVE_KEYS_PER_SITE = 10;
/** Keys one site may ever be given, revoked ones included (the table does not grow without end). */
export const KEYS_PER_SITE = 100;
/** Characters of a key's name. */
export const KEY_NAME_LENGTH = 100;

/** A key the site may not be given now (its limits), with why. */
export class KeyRefused extends Error {}

/**
 * Why a site may not be given another key now, or null when it may.
 * @param db database
 * @param siteId site
 */
async function newKeyRefusal(db: Kysely<Database>, siteId: number): Promise<string | null> {
  const keys = await db.selectFrom('dealer_api_keys').select('revoked_at').where('site_id', '=', siteId).execute();
  if (keys.filter((k) => k.revoked_at === null).length >= LIVE_KEYS_PER_SITE) return `A website can have at most ${LIVE_KEYS_PER_SITE} keys in use: revoke one that is no longer used first.`;
  if (keys.length >= KEYS_PER_SITE) return `This website has been given ${KEYS_PER_SITE} keys, the most it can have: ask the team that set up your website.`;
  return null;
}

/** A key as listed (never the key itself). */
export interface ApiKeyInfo {
  id: number;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Creates a key for a site and returns it (the only time it is readable); throws KeyRefused
 * beyond the site's limits (LIVE_KEYS_PER_SITE, KEYS_PER_SITE).
 * @param db database
 * @param siteId site
 * @param name what the key is for (the dealer's stock system)
 */
export async function createApiKey(db: Kysely<Database>, siteId: number, name: string): Promise<{ id: number; key: string; prefix: string }> {
  const refusal = await newKeyRefusal(db, siteId);
  if (refusal) throw new KeyRefused(refusal);
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, KEY_PREFIX.length + 6);
  const row = await db.insertInto('dealer_api_keys').values({ site_id: siteId, name, prefix, key_hash: hashToken(key) }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, key, prefix };
}

/**
 * Revokes a key of a site; false when the site has no such key.
 * @param db database
 * @param siteId site
 * @param id key id
 * @param now clock
 */
export async function revokeApiKey(db: Kysely<Database>, siteId: number, id: number, now: Date): Promise<boolean> {
  const result = await db.updateTable('dealer_api_keys').set({ revoked_at: now }).where('site_id', '=', siteId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A site's keys, newest first.
 * @param db database
 * @param siteId site
 */
export async function listApiKeys(db: Kysely<Database>, siteId: number): Promise<ApiKeyInfo[]> {
  return db.selectFrom('dealer_api_keys').select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at']).where('site_id', '=', siteId).orderBy('id', 'desc').execute();
}

/**
 * The key id a bearer key proves for a site, or null (unknown, revoked, or another site's).
 * @param db database
 * @param siteId site of the request's host
 * @param key the presented key
 * @param now clock
 */
export async function verifyApiKey(db: Kysely<Database>, siteId: number, key: string, now: Date): Promise<number | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const row = await db.selectFrom('dealer_api_keys').select(['id', 'site_id', 'revoked_at']).where('key_hash', '=', hashToken(key)).executeTakeFirst();
  if (!row || row.site_id !== siteId || row.revoked_at !== null) return null;
  await db.updateTable('dealer_api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  return row.id;
}
