import { useRouter } from '@tanstack/react-router';
import { trackEvent } from '../../lib/analytics.ts';
import { deviceKey, useDeviceValue } from '../../lib/device-store.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import { itemNoun } from '../../domain/item-noun.ts';
import { comparedCars, isSaved, parseSavedCars, removeSaved, toggleCompare, toggleFavourite, type SavableCar, type SavedCar } from '../../domain/saved-cars.ts';
import { useToast } from '../ui/toast.tsx';

/*
 * Favourites and the compare list as the cards, the vehicle page and the two list pages use
 * them: the device's lists (lib/device-store.ts, one localStorage key per site, every tab in
 * step), toggled by the rules of domain/saved-cars.ts, with a toast that says what happened and
 * leads to the list's page. The server and the hydrating render see empty lists (the device is
 * unknown to the server); the stored lists follow one render later.
 */

/** Path of the favourites page (features.favouritesMechanism 'favourites'). */
export const FAVOURITES_PATH = '/favourites';
/** Path of the side-by-side compare page (features.compare). */
export const COMPARE_PATH = '/compare';

/** A car as the toggles need it: its stored fields and the title the toast names it by. */
export type ToggleCar = SavableCar & { title: string };

/** The device's favourites, `isFavourite(id)`, and the heart's `toggle(car)` (true when now saved). */
export function useFavourites() {
  const tenant = useTenant();
  const router = useRouter();
  const toast = useToast();
  const leadsToPage = useLeadsToPage();
  const [list, setList] = useDeviceValue(deviceKey(tenant.slug, 'favourites'), parseSavedCars);
  const toggle = (car: ToggleCar): boolean => {
    // Toggled in the stored list: the rendered one is empty while the page starts.
    let saved = false;
    setList((stored) => {
      const result = toggleFavourite(stored, car);
      saved = result.saved;
      return result.list;
    });
    if (saved) {
      trackEvent(ANALYTICS_EVENTS.watchlistSave, { car_id: car.id });
      toast({
        title: 'Saved to your favourites',
        description: `${car.title} is in your favourites on this device.`,
        ...(leadsToPage(FAVOURITES_PATH) ? { action: { label: 'View Favourites', onAction: () => router.history.push(FAVOURITES_PATH) } } : {}),
      });
    } else {
      toast({ title: 'Removed from your favourites', description: `${car.title} is no longer in your favourites.` });
    }
    return saved;
  };
  return {
    list,
    isFavourite: (id: number) => isSaved(list, id),
    toggle,
    remove: (id: number) => setList((stored) => removeSaved(stored, id)),
  };
}

/** The device's compare list (at most limits.compareCars shown), `inCompare(id)`, `toggle(car)`, `remove(id)`. */
export function useCompareList() {
  const tenant = useTenant();
  const router = useRouter();
  const toast = useToast();
  const leadsToPage = useLeadsToPage();
  const limit = tenant.limits.compareCars;
  const [stored, setList] = useDeviceValue(deviceKey(tenant.slug, 'compare'), parseSavedCars);
  const list = comparedCars(stored, limit);
  const action = leadsToPage(COMPARE_PATH) ? { action: { label: 'Compare Now', onAction: () => router.history.push(COMPARE_PATH) } } : {};
  const toggle = (car: ToggleCar) => {
    // Toggled in the stored list: the rendered one is empty while the page starts.
    let result!: ReturnType<typeof toggleCompare>;
    setList((current) => {
      result = toggleCompare(comparedCars(current, limit), car, limit);
      return result.outcome === 'full' ? current : result.list;
    });
    if (result.outcome === 'full') {
      const noun = itemNoun(tenant.search.itemType);
      toast({ title: `You can compare up to ${limit} ${noun.many}`, description: `Remove a ${noun.one} from your compare list to add the ${car.title}.`, ...action });
      return result;
    }
    if (result.outcome === 'added') {
      toast({ title: `Added to compare (${result.count} of ${limit})`, description: `${car.title} is in your compare list.`, ...action });
    } else {
      toast({ title: 'Removed from compare', description: `${car.title} is no longer in your compare list.` });
    }
    return result;
  };
  return {
    list,
    limit,
    inCompare: (id: number) => isSaved(list, id),
    toggle,
    remove: (id: number) => setList((current) => removeSaved(current, id)),
    clear: () => setList([] as SavedCar[]),
  };
}
