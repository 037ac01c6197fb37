import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { visiblePromotions } from '../../domain/promotions.ts';
import { AppLink } from '../app-link/app-link.tsx';
import { Carousel } from '../ui/carousel.tsx';
import styles from './promotions.module.css';

type Promotion = ResolvedTenant['promotions'][number];

const CAR_TYPE_LABEL = { new: 'New', demo: 'Demo', used: 'Used' } as const;

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const { node } = promotion;
  return (
    <article className={styles.card} data-has-image={node.image ? 'true' : 'false'}>
      {node.image ? <img className={styles.image} src={node.image} alt="" width={1920} height={540} loading="lazy" /> : null}
      <div className={styles.body}>
        <p className={styles.types}>{(promotion.display ?? ['new', 'demo', 'used']).map((t) => CAR_TYPE_LABEL[t]).join(' · ')}</p>
        <h3 className={styles.heading}>{node.heading}</h3>
        {node.body ? <p className={styles.text}>{node.body}</p> : null}
        {node.cta ? (
          <AppLink href={node.cta.href} className="btn btn--accent">
            {node.cta.label}
          </AppLink>
        ) : null}
      </div>
    </article>
  );
}

/**
 * Current promotions on the home page: those inside their start/expiry window in the
 * tenant's time zone (spec §2, Brisbane time by default). Nothing renders when none is live.
 */
export function HomePromotions({ promotions, timeZone, now }: { promotions: Promotion[]; timeZone: string; now: Date }) {
  const live = visiblePromotions(promotions, { now, timeZone });
  if (live.length === 0) return null;
  return (
    <section className="section" aria-labelledby="promotions-heading">
      <div className="container">
        <div className="section-head">
          <h2 id="promotions-heading">Current offers</h2>
        </div>
        {live.length === 1 && live[0] ? (
          <PromotionCard promotion={live[0]} />
        ) : (
          <Carousel
            label="Offer slides"
            slides={live.map((promotion) => ({ key: promotion.id, label: promotion.node.heading, content: <PromotionCard promotion={promotion} /> }))}
          />
        )}
      </div>
    </section>
  );
}
