import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { itemNoun } from '../../domain/item-noun.ts';
import { AppLink } from '../app-link/app-link.tsx';
import { Icon } from '../ui/icon.tsx';
import { COMPARE_PATH, FAVOURITES_PATH, useCompareList, useFavourites } from './use-saved-cars.ts';
import styles from './saved-cars.module.css';

/**
 * Links to the favourites and compare pages with the number of cars in each, for the lists
 * that hold cars on this device (nothing on the server and while hydrating: the lists are
 * unknown there). A list whose page this tenant does not have is not linked.
 */
export function SavedCarsLinks({ className }: { className?: string }) {
  const tenant = useTenant();
  const favourites = useFavourites();
  const compare = useCompareList();
  const leadsToPage = useLeadsToPage();
  const showFavourites = __FEATURE_FAVOURITES_MECHANISM__ === 'favourites' && favourites.list.length > 0 && leadsToPage(FAVOURITES_PATH);
  const showCompare = __FEATURE_COMPARE__ && compare.list.length > 0 && leadsToPage(COMPARE_PATH);
  if (!showFavourites && !showCompare) return null;
  return (
    <nav className={`${styles.links} ${className ?? ''}`} aria-label={`Saved ${itemNoun(tenant.search.itemType).many}`} data-testid="saved-cars-links">
      {showFavourites ? (
        <AppLink href={FAVOURITES_PATH} className={styles.link}>
          <Icon name="heart" size={16} /> Favourites ({favourites.list.length})
        </AppLink>
      ) : null}
      {showCompare ? (
        <AppLink href={COMPARE_PATH} className={styles.link}>
          Compare ({compare.list.length})
        </AppLink>
      ) : null}
    </nav>
  );
}
