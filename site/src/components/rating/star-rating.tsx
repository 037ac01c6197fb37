import { useId } from 'react';
import { formatRating, starFills } from '../../domain/star-rating.ts';
import styles from './star-rating.module.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6L2.5 9.4l6.6-.8z';

/**
 * Star rating of spec §9: up to 4 full stars and a partial fifth (filled only above 30 %).
 * Read aloud as "Rated 4.7 out of 5".
 */
export function StarRating({ rating, size = 20, className }: { rating: number; size?: number; className?: string }) {
  const id = useId();
  const fills = starFills(rating);
  return (
    <span className={`${styles.stars} ${className ?? ''}`} role="img" aria-label={`Rated ${formatRating(rating)} out of 5`}>
      {fills.map((fill, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-fill={fill}>
          <defs>
            <linearGradient id={`${id}-${i}`}>
              <stop offset={fill} stopColor="currentColor" />
              <stop offset={fill} stopColor="var(--star-empty, #c9ced6)" />
            </linearGradient>
          </defs>
          <path d={STAR} fill={`url(#${id}-${i})`} />
        </svg>
      ))}
    </span>
  );
}
