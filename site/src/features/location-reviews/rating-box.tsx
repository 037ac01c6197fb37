import { StarRating } from '../../components/rating/star-rating.tsx';
import { formatRating } from '../../domain/star-rating.ts';
import styles from './location-reviews.module.css';
import { formatNumber } from '../../../../schema/number-format.ts';

/** The rating box of a location page header (features.locationReviews): average, stars, count. */
export default function RatingBox({ average, count }: { average: number; count: number }) {
  if (count === 0) return null;
  return (
    <div className={`card ${styles.box}`}>
      <p className={styles.boxAverage}>{formatRating(average)}</p>
      <StarRating rating={average} size={22} />
      <p className={styles.boxCount}>
        <a href="#location-reviews">{formatNumber(count)} reviews</a>
      </p>
    </div>
  );
}
