import { useQuery } from '@tanstack/react-query';
import type { SimilarRecord } from '../../api/cars/similar.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Carousel } from '../../components/ui/carousel.tsx';
import { cdnImageUrl, noPhotosText } from '../../domain/image-url.ts';
import { similarCars } from '../../domain/similar-cars.ts';
import styles from './vehicle.module.css';
import { carCard } from '../../domain/car-card.ts';
import { CARD_FEATURES } from '../../components/car-card/card-features.ts';
import { useServices } from '../../lib/use-services.ts';

/**
 * The similar cars block (see `SimilarCars`): up to 6 in-stock cars within the price window,
 * as a carousel or a grid per tenant; nothing when there are none or both searches fail.
 */
export default function SimilarCarsBlock({ car }: { car: { id: number; slug: string; price: number } }) {
  const tenant = useTenant();
  const services = useServices();
  const query = useQuery({ queryKey: ['cars', 'similar', car.slug], queryFn: async (): Promise<SimilarRecord[]> => (await import('../../api/cars/similar.ts')).fetchSimilar(car, tenant.limits.similarCarsCount), staleTime: 5 * 60_000, retry: false });
  const cars = similarCars(car, query.data ?? [], tenant.limits.similarCarsCount);
  const cards = cars.map((similar) => {
    const card = carCard(similar, tenant, Math.floor(services.now() / 1000), { features: CARD_FEATURES });
    const title = card.title;
    const image = cdnImageUrl(tenant.api.imageCdnBaseUrl, similar.primary_image_url, 480, tenant.limits.imageQuality);
    return {
      key: String(similar.id),
      label: title,
      content: (
        <article className={styles.similarCard} aria-label={title}>
          {image ? <img src={image} alt="" width={480} height={270} loading="lazy" decoding="async" /> : <span className={styles.similarNoImage}>{noPhotosText(card.available)}</span>}
          <h3 className={styles.similarTitle}>
            <AppLink href={card.href}>{title}</AppLink>
          </h3>
          <p className={styles.similarPrice}>{card.price.text}</p>
          <p className={styles.similarMeta}>
            {[card.kilometres, card.location].filter(Boolean).join(' · ')}
          </p>
        </article>
      ),
    };
  });
  return cards.length > 0 ? (
    <section className={styles.section} aria-labelledby="similar-cars-title" data-testid="similar-cars">
      <h2 id="similar-cars-title" className={styles.sectionTitle}>
        Similar Cars
      </h2>
      {__FEATURE_SIMILAR_CARS_LAYOUT__ === 'carousel' ? (
        <Carousel label="Similar cars" slidesPerViewMd={3} slides={cards} />
      ) : (
        <ul className={styles.similarGrid}>
          {cards.map((card) => (
            <li key={card.key}>{card.content}</li>
          ))}
        </ul>
      )}
    </section>
  ) : null;
}
