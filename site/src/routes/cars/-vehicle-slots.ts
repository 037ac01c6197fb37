import { featureComponent } from '../../lib/feature-component.tsx';
import type { VehicleSlots } from '../../features/vehicle/slots.ts';
import { loadGalleryBeforeHydration, VehicleGalleryPart } from '../../features/vehicle/vehicle-gallery-part.tsx';
import { vehicleLaterSlots } from './-vehicle-later.ts';

/*
 * The vehicle page's switchable parts, each only in bundles of tenants that have it on. The parts
 * here (the spin viewer) the browser hydrates at once: a server-rendered
 * page loads them before it hydrates, and the build bundles them with the page's own code
 * (build/chunking.ts), one file instead of one per part. The parts hydrated later are in
 * -vehicle-later.ts.
 */
const vehicleFirstSlots = {
  SpinViewer: __FEATURE_SPIN_VIEWER__ ? featureComponent(() => import('../../features/spin-viewer/index.tsx')) : null,
} satisfies Partial<VehicleSlots>;

export const vehicleSlots: VehicleSlots = { ...vehicleFirstSlots, ...vehicleLaterSlots };

/**
 * Loads the switched-on parts, so the server renders them (and the browser hydrates them) without
 * a fallback; `beforeHydration` leaves out the parts hydrated later (-vehicle-later.ts).
 */
export function loadVehicleSlots({ beforeHydration = false }: { beforeHydration?: boolean } = {}): Promise<unknown[]> {
  const slots = beforeHydration ? vehicleFirstSlots : vehicleSlots;
  // The photo gallery: for every render; before hydrating, only when the page shows it at once.
  // Its code failing to load does not fail the page: the gallery's own boundary says so in its place.
  const gallery = (beforeHydration ? loadGalleryBeforeHydration() : VehicleGalleryPart.load())?.catch(() => null) ?? null;
  return Promise.all([...Object.values(slots).map((slot) => (slot && 'load' in slot ? (slot.load as () => Promise<unknown>)() : null)), gallery]);
}
