import type { BlogCard } from '../../../../schema/api/content.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Breadcrumbs, type Crumb } from '../../components/layout/breadcrumbs.tsx';
import { RichText } from '../../components/rich-text/rich-text.tsx';
import { blogCardText, blogCategoryPath, blogListHref, blogPageNumbers, calendarDay, featuredPosts } from '../../domain/blog.ts';
import type { BlogPaging, BlogView } from './blog-view.ts';
import styles from './blog.module.css';

/** A blog card (spec §3: heading, description, image, href, date), title cut at 80 and description at 100 (spec §9). */
function BlogCard({ post, headingLevel = 3 }: { post: BlogCard; headingLevel?: 2 | 3 }) {
  const tenant = useTenant();
  const text = blogCardText(post, { title: tenant.limits.blogTitleLength, description: tenant.limits.blogDescriptionLength });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={`card ${styles.card}`}>
      <img src={`${post.image}?w=640`} alt="" width={640} height={360} loading="lazy" className={styles.cardImage} />
      <div className={styles.cardBody}>
        <p className={styles.meta}>
          {post.category} · <time dateTime={post.date}>{calendarDay(post.date)}</time>
        </p>
        <Heading className={styles.cardTitle}>
          <AppLink href={post.href} title={text.heading === post.heading ? undefined : post.heading}>
            {text.heading}
          </AppLink>
        </Heading>
        <p className={styles.cardText}>{text.description}</p>
      </div>
    </li>
  );
}

function Banner({ title, crumbs, intro }: { title: string; crumbs: Crumb[]; intro?: string }) {
  return (
    <header className={styles.banner}>
      <div className="container">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </div>
    </header>
  );
}

/** The numbered pages of a paged article list (21 a page): each a link to a page that exists. */
function Pages({ paging }: { paging: BlogPaging }) {
  const pages = blogPageNumbers(paging.count);
  if (pages.length === 0) return null;
  return (
    <nav aria-label="Article pages" className={styles.pages}>
      <p className={styles.pageCount}>
        Page {paging.page} of {pages.length}
      </p>
      <ul>
        {pages.map((page) => (
          <li key={page}>
            <AppLink href={blogListHref(paging.path, page)} aria-current={page === paging.page ? 'page' : undefined} className={styles.pageLink}>
              <span className="visually-hidden">Page </span>
              {page}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The blog and news pages (spec §2): the landing page with category cards (content.blogCategories:
 * Vehicle Reviews, Buyer Advice, Motoring Tips, Servicing Insights, and 4x4xMORE Adventures on
 * some brands) and featured articles, a category page, news, and an article. Only in bundles with
 * features.blog on.
 */
export default function BlogPages({ view }: { view: BlogView }) {
  const tenant = useTenant();
  if (view.kind === 'article') {
    const post = view.post;
    return (
      <article>
        <Banner title={post.heading} crumbs={[{ label: 'Home', href: '/' }, { label: 'Blog', href: '/blog' }, { label: post.category, href: blogCategoryPath(post.category) }, { label: post.heading }]} />
        <div className={`container section ${styles.article}`}>
          <p className={styles.meta}>
            {post.category} · <time dateTime={post.date}>{calendarDay(post.date)}</time>
          </p>
          <img src={`${post.image}?w=960`} alt="" width={960} height={540} className={styles.articleImage} fetchPriority="high" />
          <RichText nodes={post.body} className="prose" />
          <p>
            <AppLink href={blogCategoryPath(post.category)}>More {post.category}</AppLink>
          </p>
        </div>
      </article>
    );
  }
  if (view.kind === 'category' || view.kind === 'news') {
    const title = view.kind === 'news' ? 'News' : view.category;
    const crumbs: Crumb[] = [{ label: 'Home', href: '/' }, ...(view.kind === 'category' ? [{ label: 'Blog', href: '/blog' }] : [])];
    return (
      <div>
        <Banner
          title={view.paging.page > 1 ? `${title}, page ${view.paging.page}` : title}
          crumbs={view.paging.page > 1 ? [...crumbs, { label: title, href: view.paging.path }, { label: `Page ${view.paging.page}` }] : [...crumbs, { label: title }]}
        />
        <div className="container section">
          {view.posts.length === 0 ? <p>There are no articles here yet.</p> : null}
          <ul className={`grid grid--3 ${styles.cards}`}>
            {view.posts.map((post) => (
              <BlogCard key={post.id} post={post} headingLevel={2} />
            ))}
          </ul>
          <Pages paging={view.paging} />
        </div>
      </div>
    );
  }
  const featured = featuredPosts(view.posts);
  const latest = view.posts.filter((post) => !featured.includes(post));
  return (
    <div>
      <Banner title="Blog" crumbs={[{ label: 'Home', href: '/' }, { label: 'Blog' }]} intro={`Reviews, advice and tips from the team at ${tenant.name}.`} />
      <section className="container section" aria-labelledby="blog-categories">
        <h2 id="blog-categories">Categories</h2>
        <ul className={styles.categories}>
          {tenant.content.blogCategories.map((category) => (
            <li key={category}>
              <AppLink href={blogCategoryPath(category)} className={styles.category}>
                {category}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      {featured.length > 0 ? (
        <section className="section section--alt" aria-labelledby="blog-featured">
          <div className="container">
            <h2 id="blog-featured">Featured articles</h2>
            <ul className={`grid grid--3 ${styles.cards}`}>
              {featured.map((post) => (
                <BlogCard key={post.id} post={post} />
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {latest.length > 0 ? (
        <section className="container section" aria-labelledby="blog-latest">
          <h2 id="blog-latest">Latest articles</h2>
          <ul className={`grid grid--3 ${styles.cards}`}>
            {latest.map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </ul>
          {view.more ? (
            <p className={styles.pages}>
              <AppLink href="/news" className="btn btn--outline">
                See all articles
              </AppLink>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
