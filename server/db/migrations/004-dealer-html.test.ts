import { expect, test } from 'vitest';
import { dealerHtmlToRichText } from '../../dealer-html.ts';
import { unmigratedDatabase } from '../../test-support/data-dir.ts';
import * as m001 from './001-initial.ts';
import * as m002 from './002-trust.ts';
import * as m003 from './003-orders.ts';
import * as m004 from './004-dealer-html.ts';

test('a database seeded before dealer HTML keeps every paragraph and term as the same text, escaped into HTML', async () => {
  const { db, destroy } = await unmigratedDatabase('migration-004-');
  try {
    for (const m of [m001, m002, m003]) await m.up(db);
    const site = await db.insertInto('sites').values({ slug: 's', name: 'S', url: 'https://s.example' }).returning('id').executeTakeFirstOrThrow();
    const paragraphs = ['Towing & touring: <ATM> explained.', 'Second paragraph, with "quotes".'];
    await db
      .insertInto('blog_posts')
      .values([
        { site_id: site.id, slug: 'a', category: 'Buyer Advice', heading: 'A', description: 'D', published_on: '2026-01-01', body: JSON.stringify(paragraphs) },
        { site_id: site.id, slug: 'b', category: 'Buyer Advice', heading: 'B', description: 'D', published_on: '2026-01-02', body: JSON.stringify([]) },
      ])
      .execute();
    const terms = 'Fees & charges apply; 1 < 2 > 0.';
    const day = new Date('2026-01-01T00:00:00Z');
    await db.insertInto('offers').values({ site_id: site.id, slug: 'o', title: 'O', category: 'Finance', description: 'D', terms, starts_at: day, expires_at: day }).execute();

    await m004.up(db);
    const posts = await db.selectFrom('blog_posts').select(['slug', 'body_html']).orderBy('slug').execute();
    expect(posts).toEqual([
      { slug: 'a', body_html: '<p>Towing &amp; touring: &lt;ATM&gt; explained.</p><p>Second paragraph, with "quotes".</p>' },
      { slug: 'b', body_html: '' },
    ]);
    const shownOn = { ownHosts: [], keepInternal: () => true };
    // Read back as the server serves it: the same paragraphs, as text, not markup.
    expect(dealerHtmlToRichText(posts[0]!.body_html as string, shownOn)).toEqual(paragraphs.map((text) => ({ tag: 'p', children: [{ text }] })));
    const offer = await db.selectFrom('offers').select('terms_html').executeTakeFirstOrThrow();
    expect(dealerHtmlToRichText(offer.terms_html as string, shownOn)).toEqual([{ tag: 'p', children: [{ text: terms }] }]);

    // And back down: the columns the earlier code reads exist again, their text kept.
    await m004.down(db);
    const down = await db.selectFrom('offers').select('terms').executeTakeFirstOrThrow();
    expect(down.terms).toBe('Fees &amp; charges apply; 1 &lt; 2 &gt; 0.');
    const body = await db.selectFrom('blog_posts').select('body').where('slug', '=', 'a').executeTakeFirstOrThrow();
    expect(body.body).toEqual([posts[0]!.body_html]);
  } finally {
    await destroy();
  }
});
