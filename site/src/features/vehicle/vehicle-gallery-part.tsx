import { Component, type ReactNode } from 'react';
import type { Car } from '../../../../schema/api/car.ts';
import { afterPageStart } from '../../lib/after-page-start.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import { GALLERY_MARK } from './gallery-mark.ts';
import { Slot } from './vehicle-parts.tsx';

/*
 * The car's photo gallery (and its slider) in a chunk of its own. A car page that opens on its
 * spin viewer shows the gallery only when the shopper picks the Gallery tab (before that it is
 * in the page for browsers without scripts alone), so its code need not load before that page
 * hydrates: it loads once the page has started (hydrated, loaded, the browser idle), ready before
 * the tab is picked. A page that shows the gallery at once loads it first
 * (`loadGalleryBeforeHydration`).
 */

/** The car's gallery, loaded on demand (the route's loader loads it for every render). */
export const VehicleGalleryPart = featureComponent<{ car: Car; title: string }>(() => import('./vehicle-gallery.tsx').then((module) => ({ default: module.VehicleGallery })));

/**
 * Loads the gallery's code before hydration when the server's HTML of this page shows the
 * gallery (not when it is only inside the viewer's <noscript>, which the browser does not build
 * when scripts run); otherwise starts loading it once the page has started, and answers null.
 * @param doc the page's document
 * @param started resolves once the page has started (a test passes its own)
 */
export function loadGalleryBeforeHydration(doc: Pick<Document, 'querySelector'> = document, started: () => Promise<void> = afterPageStart): Promise<unknown> | null {
  if (doc.querySelector(`[${GALLERY_MARK}]`)) return VehicleGalleryPart.load();
  // A failed load is shown by the gallery's boundary when the shopper opens the tab.
  void started()
    .then(() => VehicleGalleryPart.load())
    .catch(() => {});
  return null;
}

/** What the gallery's place shows when its code could not load: the rest of the car page stays. */
export const GALLERY_FAILED_TEXT = 'The photos could not be loaded. Please reload the page to see them.';

/** Keeps the car page when the gallery's code fails to load (a lost connection, a new release). */
export class GalleryBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? <p role="status">{GALLERY_FAILED_TEXT}</p> : this.props.children;
  }
}

/**
 * The gallery as the car page places it: held in a Suspense boundary (so hydration keeps the
 * server's HTML until the code is in, and the page does not wait for it) and an error boundary
 * (so a failed chunk load keeps the car page).
 * @param props the car and its title
 */
export function HeldVehicleGallery(props: { car: Car; title: string }): ReactNode {
  return (
    <GalleryBoundary>
      <Slot>
        <VehicleGalleryPart {...props} />
      </Slot>
    </GalleryBoundary>
  );
}
