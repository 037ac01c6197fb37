import { useTenant } from '../../lib/tenant-context.tsx';
import { Icon } from '../ui/icon.tsx';
import { SavedCarsLinks } from './saved-cars-links.tsx';
import styles from './saved-cars.module.css';
import { useCompareList, useFavourites, type ToggleCar } from './use-saved-cars.ts';

/**
 * The vehicle page's favourite (heart, SAVE / SAVED) and Compare controls (spec §2 sidebar, §4),
 * as the tenant has them, with links to the lists once they hold cars. Loaded only in bundles
 * of tenants with favourites on the device or compare (routes/cars/-vehicle-slots.ts).
 */
export default function SavedCarControls({ car }: { car: ToggleCar }) {
  const tenant = useTenant();
  const favourites = useFavourites();
  const compare = useCompareList();
  const saved = favourites.isFavourite(car.id);
  const inCompare = compare.inCompare(car.id);
  const saveLabel = saved ? tenant.labels.saved : tenant.labels.save;
  return (
    <div className={styles.toggles} data-testid="saved-car-controls">
      {__FEATURE_FAVOURITES_MECHANISM__ === 'favourites' ? (
        <button type="button" className={styles.toggle} aria-pressed={saved} aria-label={`${saveLabel}: ${car.title}`} onClick={() => favourites.toggle(car)}>
          <Icon name="heart" size={18} />
          {saveLabel}
        </button>
      ) : null}
      {__FEATURE_COMPARE__ ? (
        <button type="button" className={styles.toggle} aria-pressed={inCompare} aria-label={`${tenant.labels.compare}: ${car.title}`} onClick={() => compare.toggle(car)}>
          {tenant.labels.compare}
        </button>
      ) : null}
      <SavedCarsLinks />
    </div>
  );
}
