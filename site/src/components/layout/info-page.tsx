import { infoPageContent, type InfoPageKey } from '../../lib/info-pages.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import styles from './info-page.module.css';
import { Breadcrumbs } from './breadcrumbs.tsx';

/** An information page of spec §2 (terms, privacy, warranty, buying, …) with the tenant's copy. */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const tenant = useTenant();
  const content = infoPageContent(tenant, page);
  if (!content) return <NotFoundPage />;
  return (
    <article>
      <div className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: content.title }]} />
          <h1 className={styles.title}>{content.title}</h1>
        </div>
      </div>
      <div className={`container section prose ${styles.body}`}>
        {content.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
