import { expect, test } from 'vitest';
import { hashPassword, verifyPassword } from '../../auth.ts';
import { unmigratedDatabase } from '../../test-support/data-dir.ts';
import * as m001 from './001-initial.ts';
import * as m002 from './002-trust.ts';

test('migrating a database seeded before this migration disables dealer accounts on the published demo password', async () => {
  const { db, destroy } = await unmigratedDatabase('migration-002-');
  try {
    await m001.up(db);
    const site = await db.insertInto('sites').values({ slug: 's', name: 'S', url: 'https://s.example' }).returning('id').executeTakeFirstOrThrow();
    const demo = await hashPassword('forecourt-dealer');
    const own = await hashPassword('a password the dealer chose');
    await db.insertInto('users').values([
      { site_id: site.id, email: 'dealer@s.localhost', name: 'D', role: 'dealer', password_hash: demo },
      { site_id: site.id, email: 'boss@s.example', name: 'B', role: 'dealer', password_hash: own },
      { site_id: site.id, email: 'shopper@s.example', name: 'C', role: 'shopper', password_hash: demo },
    ]).execute();
    await m002.up(db);
    const [dealer, boss, shopper] = (await db.selectFrom('users').select('password_hash').orderBy('id').execute()).map((u) => u.password_hash as string);
    expect(await verifyPassword('forecourt-dealer', dealer ?? '')).toBe(false);
    expect(dealer).toBe('!');
    expect(boss).toBe(own);
    // A shopper who happened to pick that password is not a published credential.
    expect(shopper).toBe(demo);
  } finally {
    await destroy();
  }
});
