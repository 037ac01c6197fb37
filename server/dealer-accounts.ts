import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from './auth.ts';
import type { Database } from './db/types.ts';

/*
 * Dealer staff accounts. There is no default dealer password: an account
 * is created (or its password replaced) by `npm run dealer-account -- <slug>`, which prints a
 * generated password once. Only its scrypt hash, with its own salt, is stored; existing sessions
 * of the account end when the password is replaced.
 */

/** A dealer account just created or reset, with the one-time display of its password. */
export interface DealerAccount {
  email: string;
  password: string;
  created: boolean;
}

/**
 * Creates a dealer account on a site, or gives an existing one a new generated password.
 * @param db database
 * @param siteId the site
 * @param email the staff member's email
 * @param name display name
 */
export async function createDealerAccount(db: Kysely<Database>, siteId: number, email: string, name: string): Promise<DealerAccount> {
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new Error(`Not an email address: ${email}`);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('users').select(['id', 'role']).where('site_id', '=', siteId).where('email', '=', address).executeTakeFirst();
    if (existing) {
      await tx.updateTable('users').set({ role: 'dealer', password_hash: passwordHash }).where('id', '=', existing.id).execute();
      await tx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
      return { email: address, password, created: false };
    }
    await tx.insertInto('users').values({ site_id: siteId, email: address, name, phone: null, role: 'dealer', password_hash: passwordHash }).execute();
    return { email: address, password, created: true };
  });
}
