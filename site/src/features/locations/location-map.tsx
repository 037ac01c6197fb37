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
  // Locations closer than a pin's width on the drawing (a showroom and the workshop next door) are one pin.
  const merged: (MapPin & { x: number; y: number })[] = [];
  for (const p of pins.map((pin) => ({ ...pin, ...toPixel(view, pin) })).sort((a, b) => Number(b.current ?? false) - Number(a.current ?? false))) {
    if (!merged.some((m) => Math.hypot(m.x - p.x, m.y - p.y) < 14)) merged.push(p);
  }
  const placed = placeLabels(merged);
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
            <text x={p.labelDx} y={p.labelDy} textAnchor={p.labelAnchor} className={styles.pinLabel}>
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

const LABEL_HEIGHT = 18;
const labelWidth = (text: string) => text.length * 8.6 + 6;

/**
 * Puts each pin's label where it does not cover an earlier one: below the pin, else above it,
 * else to its right, else to its left (two showrooms a suburb apart stay readable).
 */
function placeLabels<T extends MapPin & { x: number; y: number }>(pins: T[]): (T & { labelDx: number; labelDy: number; labelAnchor: 'middle' | 'start' | 'end' })[] {
  const boxes: { x1: number; y1: number; x2: number; y2: number }[] = [];
  // Pins themselves are obstacles too.
  for (const p of pins) boxes.push({ x1: p.x - 11, y1: p.y - 32, x2: p.x + 11, y2: p.y });
  return pins.map((p) => {
    const w = labelWidth(p.label);
    const candidates = [
      { dx: 0, dy: 16, anchor: 'middle' as const, box: { x1: p.x - w / 2, y1: p.y + 2, x2: p.x + w / 2, y2: p.y + 2 + LABEL_HEIGHT } },
      { dx: 0, dy: -38, anchor: 'middle' as const, box: { x1: p.x - w / 2, y1: p.y - 52, x2: p.x + w / 2, y2: p.y - 52 + LABEL_HEIGHT } },
      { dx: 14, dy: -16, anchor: 'start' as const, box: { x1: p.x + 12, y1: p.y - 30, x2: p.x + 12 + w, y2: p.y - 30 + LABEL_HEIGHT } },
      { dx: -14, dy: -16, anchor: 'end' as const, box: { x1: p.x - 12 - w, y1: p.y - 30, x2: p.x - 12, y2: p.y - 30 + LABEL_HEIGHT } },
    ];
    const overlaps = (b: (typeof boxes)[number]) => boxes.some((o) => b.x1 < o.x2 && o.x1 < b.x2 && b.y1 < o.y2 && o.y1 < b.y2);
    const choice = candidates.find((c) => !overlaps(c.box)) ?? candidates[0]!;
    boxes.push(choice.box);
    return { ...p, labelDx: choice.dx, labelDy: choice.dy, labelAnchor: choice.anchor };
  });
}
