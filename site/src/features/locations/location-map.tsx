import { fitMapView, scaleBar, toPixel, type LatLng } from '../../domain/geo.ts';
import styles from './locations.module.css';

/** A pin on the map. */
export interface MapPin extends LatLng {
  label: string;
  /** The page's own location: drawn larger, in the brand colour. */
  current?: boolean;
}

/**
 * A map drawn from the locations' coordinates (spec §8: a location without an image shows a
 * generated map image). Everything is computed here — bounds, pins, a scale bar and the north
 * arrow — so it renders on the server, offline, with nothing fetched from a tile server.
 */
export function LocationMap({ pins, width = 640, height = 360, title, minSpanKm = 3 }: { pins: MapPin[]; width?: number; height?: number; title: string; minSpanKm?: number }) {
  const view = fitMapView(pins, width, height, { marginPx: 56, minSpanKm });
  const bar = scaleBar(view, Math.min(140, width / 4));
  // Grid lines at the scale bar's distance, like a map's graticule.
  const step = bar.px;
  const xs = step > 8 ? Array.from({ length: Math.ceil(width / step) }, (_, i) => i * step + (((width / 2) % step) - step)) : [];
  const ys = step > 8 ? Array.from({ length: Math.ceil(height / step) + 1 }, (_, i) => i * step + (((height / 2) % step) - step)) : [];
  // Two locations at one address (showroom and workshop) are one pin.
  const unique = new Map<string, MapPin>();
  for (const p of pins) {
    const key = `${p.lat.toFixed(4)},${p.lng.toFixed(4)}`;
    const seen = unique.get(key);
    if (!seen || (p.current && !seen.current)) unique.set(key, p);
  }
  const placed = [...unique.values()].map((p) => ({ ...p, ...toPixel(view, p) }));
  return (
    <svg className={styles.map} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} preserveAspectRatio="xMidYMid slice">
      <rect width={width} height={height} className={styles.mapLand} />
      <g className={styles.mapGrid}>
        {xs.map((x) => (
          <line key={`x${x}`} x1={x} x2={x} y1={0} y2={height} />
        ))}
        {ys.map((y) => (
          <line key={`y${y}`} y1={y} y2={y} x1={0} x2={width} />
        ))}
      </g>
      {placed
        .slice()
        .sort((a, b) => Number(a.current ?? false) - Number(b.current ?? false))
        .map((p) => (
          <g key={`${p.label}-${p.lat}-${p.lng}`} transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`} className={p.current ? styles.pinCurrent : styles.pin}>
            <path d="M0 0 C -3 -8 -11 -12 -11 -21 A 11 11 0 1 1 11 -21 C 11 -12 3 -8 0 0 Z" />
            <circle cy={-21} r={4} className={styles.pinDot} />
            <text y={16} textAnchor="middle" className={styles.pinLabel}>
              {p.label}
            </text>
          </g>
        ))}
      <g transform={`translate(16 ${height - 18})`} className={styles.mapScale}>
        <rect x={-6} y={-20} width={bar.px + 12} height={30} rx={4} className={styles.mapChip} />
        <line x1={0} x2={bar.px} y1={0} y2={0} />
        <line x1={0} x2={0} y1={-4} y2={4} />
        <line x1={bar.px} x2={bar.px} y1={-4} y2={4} />
        <text x={bar.px / 2} y={-7} textAnchor="middle">
          {bar.label}
        </text>
      </g>
      <g transform={`translate(${width - 26} 30)`} className={styles.mapNorth}>
        <circle r={16} className={styles.mapChip} />
        <path d="M0 -11 L5 3 L0 0 L-5 3 Z" />
        <text y={13} textAnchor="middle">
          N
        </text>
      </g>
    </svg>
  );
}
