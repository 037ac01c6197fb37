import styles from './location-map.module.css';

/** What a location map shows: some of the site's locations, one of them the map's subject. */
export interface LocationMapProps {
  /** Slugs of the locations to pin. */
  locations: readonly string[];
  /** The location the map is about (its pin is in the brand colour). */
  current?: string | undefined;
  width: number;
  height: number;
  /** A single location is shown at least this many kilometres across. */
  minSpanKm?: number;
  /** The image's accessible name. */
  title: string;
  /** Above the fold: load at once instead of when scrolled near. */
  eager?: boolean;
}

/** The URL of the generated map image (server/api/maps.ts). */
export function locationMapUrl({ locations, current, width, height, minSpanKm = 3 }: Omit<LocationMapProps, 'title' | 'eager'>): string {
  const query = new URLSearchParams({ locations: locations.join(','), ...(current ? { current } : {}), width: String(width), height: String(height), span_km: String(minSpanKm) });
  return `/api/maps/locations.svg?${query.toString()}`;
}

/**
 * The generated map image of spec §8 for a location without a photo: drawn by the platform from
 * the locations' coordinates with the bundled coastline and suburb names (no tile server, works
 * offline). An image, not code: the site ships no map drawing, and the browser caches it.
 */
export function LocationMap(props: LocationMapProps) {
  return <img className={styles.map} src={locationMapUrl(props)} alt={props.title} width={props.width} height={props.height} loading={props.eager ? 'eager' : 'lazy'} decoding="async" />;
}
