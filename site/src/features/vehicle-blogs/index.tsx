import { useQuery } from '@tanstack/react-query';
import { postsQueryOptions } from '../../api/content/blog.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useServices } from '../../lib/use-services.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { vehicleBlogCards } from '../../domain/vehicle-blogs.ts';
import styles from './vehicle-blogs.module.css';

/**
 * The vehicle page's blogs (spec §2, features.blog): the site's latest posts as blog cards, each
 * leading to its article page (/blog/{slug}), titles cut at limits.blogTitleLength and
 * descriptions at limits.blogDescriptionLength (spec §9). The page mounts it only in the browser,
 * once the block comes near the viewport, so neither its code nor its call is part of the
 * page's first load. Nothing shows when the site has no posts or the call fails.
 */
export default function VehicleBlogs() {
  const tenant = useTenant();
  const services = useServices();
  const leadsToPage = useLeadsToPage();
  const posts = useQuery({ ...postsQueryOptions(null, services), retry: false });
  const cards = vehicleBlogCards(posts.data?.items ?? [], { title: tenant.limits.blogTitleLength, description: tenant.limits.blogDescriptionLength }).filter((card) => leadsToPage(card.href));
  if (cards.length === 0) return null;
  return (
    <section className={styles.block} aria-labelledby="vehicle-blogs-title" data-testid="vehicle-blogs">
      <div className={styles.head}>
        <h2 id="vehicle-blogs-title" className={styles.title}>
          From Our Blog
        </h2>
        {leadsToPage('/blog') ? <AppLink href="/blog">All articles</AppLink> : null}
      </div>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.id} className={styles.card} data-testid="vehicle-blog-card">
            <img src={`${card.image}?w=480`} alt="" width={480} height={270} loading="lazy" decoding="async" className={styles.image} />
            <p className={styles.meta}>
              {card.category} · <time dateTime={card.date}>{card.dateText}</time>
            </p>
            <h3 className={styles.cardTitle}>
              <AppLink href={card.href} title={card.heading === card.fullHeading ? undefined : card.fullHeading}>
                {card.heading}
              </AppLink>
            </h3>
            <p className={styles.text}>{card.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
