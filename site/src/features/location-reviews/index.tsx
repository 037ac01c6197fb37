import type { Review } from '../../../../schema/api/location.ts';
import { StarRating } from '../../components/rating/star-rating.tsx';
import { formatRating } from '../../domain/star-rating.ts';
import styles from './location-reviews.module.css';
import { formatNumber } from '../../../../schema/number-format.ts';

/** What the reviews block shows (GET /api/locations/{slug}/reviews with the tenant's minimum and quantity). */
export interface LocationReviewsProps {
  locationName: string;
  average: number;
  count: number;
  reviews: Review[];
}

/**
 * The reviews block of a location page (features.locationReviews): the average with stars,
 * then the reviews rated at least limits.reviewMinRating, limits.reviewQuantity of them.
 */
export default function LocationReviews({ locationName, average, count, reviews }: LocationReviewsProps) {
  if (count === 0) return null;
  return (
    <section className="section" aria-labelledby="location-reviews">
      <div className="container">
        <div className="section-head">
          <h2 id="location-reviews">What our customers say</h2>
          <p className={styles.summary}>
            <StarRating rating={average} /> <strong>{formatRating(average)}</strong> from {formatNumber(count)} reviews of {locationName}
          </p>
        </div>
        <ul className={`grid grid--3 ${styles.list}`}>
          {reviews.map((review) => (
            <li key={review.id} className={`card ${styles.review}`}>
              <StarRating rating={review.rating} size={16} />
              <p className={styles.text}>{review.text}</p>
              <p className={styles.author}>
                {review.customer_name} · <time dateTime={review.review_date}>{review.created_at_time_ago_in_words}</time>
              </p>
              {review.reply_text ? (
                <p className={styles.reply}>
                  <strong>Reply from the dealer:</strong> {review.reply_text}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
