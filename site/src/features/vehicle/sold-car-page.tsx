import type { SoldCarGone } from '../../../../schema/api/car.ts';
import { defaultSearchPath } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { soldCarStockLinks } from '../../domain/sold-car.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { SimilarCars } from './similar-cars.tsx';
import notFound from '../../components/layout/not-found-page.module.css';
import styles from './vehicle.module.css';

/**
 * The page of a car sold beyond the sold window (HTTP 410 Gone): says so, and leads to stock like
 * it — its make and model, its make, all stock — and lists similar cars in stock.
 */
export function SoldCarPage({ car }: { car: SoldCarGone['sold_car'] }) {
  const tenant = useTenant();
  const title = vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
  const [byModel, byMake] = soldCarStockLinks(car);
  return (
    <div className={styles.gonePage} data-testid="sold-car-gone">
      <div className={styles.goneIntro}>
        <p className={notFound.status}>Sold</p>
        <h1>This car has been sold</h1>
        <p className={notFound.text}>
          The {title} has found a new home and is no longer listed. Here is similar stock we have now.
        </p>
        <div className={notFound.actions}>
          {byModel ? (
            <AppLink href={byModel.href} className="btn btn--primary">
              {byModel.label}
            </AppLink>
          ) : null}
          {byMake ? (
            <AppLink href={byMake.href} className="btn btn--outline">
              {byMake.label}
            </AppLink>
          ) : null}
          <AppLink href={defaultSearchPath(tenant)} className="btn btn--outline">
            Search our stock
          </AppLink>
        </div>
      </div>
      <SimilarCars car={{ id: car.id, slug: car.slug, price: car.price }} />
    </div>
  );
}
