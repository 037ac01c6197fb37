import type { Car } from '../../../../schema/api/car.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import { GALLERY_MARK } from './gallery-mark.ts';

/*
 * The car's photo gallery (and its slider) in a chunk of its own. A car page that opens on its
 * spin viewer shows the gallery only when the shopper picks the Gallery tab (before that it is
 * in the page for browsers without scripts alone), so its code need not load before that page
 * hydrates; a page that shows the gallery at once loads it first (`loadGalleryBeforeHydration`).
 */

/** The car's gallery, loaded on demand (the route's loader loads it for every render). */
export const VehicleGalleryPart = featureComponent<{ car: Car; title: string }>(() => import('./vehicle-gallery.tsx').then((module) => ({ default: module.VehicleGallery })));


/**
 * Loads the gallery's code when the server's HTML of this page shows the gallery (not when it
 * is only inside the viewer's <noscript>, which the browser does not build when scripts run).
 */
export function loadGalleryBeforeHydration(doc: Pick<Document, 'querySelector'> = document): Promise<unknown> | null {
  return doc.querySelector(`[${GALLERY_MARK}]`) ? VehicleGalleryPart.load() : null;
}
