import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import styles from './promotion-card.module.css';

/** A tenant promotion (spec §3 Promo node) as the card shows it. */
export type PromotionCardData = Pick<ResolvedTenant['promotions'][number], 'id' | 'display' | 'node'>;

export interface PromotionCardProps {
  promotion: PromotionCardData;
  /** Car-type names as the site writes them (tenant labels), for the eyebrow line. */
  carTypeLabels: Record<'new' | 'demo' | 'used', string>;
  /** Above the fold: load the image eagerly. */
  eager: boolean;
}

/** Intrinsic size of the card image: the car cards' 16:9, so the grid rows line up. */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

/**
 * A dealer-group promotion among the search results (spec §2): an article named by its
 * heading, with the car types it is for, its text, an optional image and its call to action.
 */
export function PromotionCard({ promotion, carTypeLabels, eager }: PromotionCardProps) {
  const { node } = promotion;
  const headingId = `promotion-${promotion.id}-heading`;
  return (
    <article
      className={styles.card}
      aria-labelledby={headingId}
      data-testid="promotion-card"
      data-promotion-id={promotion.id}
      data-has-image={node.image ? 'true' : 'false'}
    >
      {node.image ? (
        <img
          className={styles.image}
          src={node.image}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : null}
      <div className={styles.body}>
        <p className={styles.types}>{promotion.display.map((type) => carTypeLabels[type]).join(' · ')}</p>
        <h2 id={headingId} className={styles.heading}>
          {node.heading}
        </h2>
        {node.body ? <p className={styles.text}>{node.body}</p> : null}
        {node.cta ? (
          <AppLink href={node.cta.href} className={`btn btn--accent ${styles.cta}`}>
            {node.cta.label}
          </AppLink>
        ) : null}
      </div>
    </article>
  );
}
