import { fitMapView, scaleBar, toPixel, type LatLng, type MapView } from '../../site/src/domain/geo.ts';
import { escapeXml } from '../../site/src/domain/sitemap.ts';
import { australianLocalities } from '../places/provider.ts';
import { LAND_ATTRIBUTION, landRings, onLand, ringsToPath, viewBounds } from './land.ts';

/*
 * The generated map image of spec §8 ("a location without an image shows a generated map
 * image"), drawn on the server with nothing fetched: the sea, the land of Australia from the
 * bundled coastline (land.ts), the names of the suburbs in view from the bundled localities
 * table, the dealer's pins with their labels, a scale bar, a north arrow and the coastline's
 * credit. It is an SVG image, so the site ships no map code and the browser caches it.
 */

/** A pin on the map. */
export interface MapPin extends LatLng {
  label: string;
  /** The location the map is about: drawn in the brand colour, on top. */
  current?: boolean;
}

/** What the map needs of the tenant's theme. */
export interface MapStyle {
  /** Current pin. */
  primary: string;
  /** Other pins. */
  secondary: string;
  /** A local font stack. */
  font: string;
}

export interface LocationMapRequest {
  pins: readonly MapPin[];
  width: number;
  height: number;
  /** A single location is shown at least this many kilometres across. */
  minSpanKm: number;
  /** The image's accessible name (also its `<title>`). */
  title: string;
  style: MapStyle;
}

export const MAP_COLOURS = { sea: '#cfe2ee', land: '#eef1ea', coast: '#a9bfcc', grid: '#d5dccf', place: '#4b5563', ink: '#111418' } as const;


interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
const overlaps = (boxes: Box[], b: Box) => boxes.some((o) => b.x1 < o.x2 && o.x1 < b.x2 && b.y1 < o.y2 && o.y1 < b.y2);

const PIN_LABEL_HEIGHT = 18;
const pinLabelWidth = (text: string) => text.length * 8.6 + 6;

interface PlacedPin extends MapPin {
  x: number;
  y: number;
  labelDx: number;
  labelDy: number;
  labelAnchor: 'middle' | 'start' | 'end';
}

/**
 * Pins in pixels, with locations closer than a pin's width on the drawing (a showroom and the
 * workshop next door) drawn as one, the current one kept; each label goes where it covers no
 * earlier pin or label: below the pin, else above it, else to its right, else to its left.
 * Returns the pins and the boxes they and their labels take.
 */
export function placePins(view: MapView, pins: readonly MapPin[]): { pins: PlacedPin[]; boxes: Box[] } {
  const merged: (MapPin & { x: number; y: number })[] = [];
  for (const p of pins.map((pin) => ({ ...pin, ...toPixel(view, pin) })).sort((a, b) => Number(b.current ?? false) - Number(a.current ?? false))) {
    if (!merged.some((m) => Math.hypot(m.x - p.x, m.y - p.y) < 14)) merged.push(p);
  }
  const boxes: Box[] = merged.map((p) => ({ x1: p.x - 11, y1: p.y - 32, x2: p.x + 11, y2: p.y }));
  const placed = merged.map((p): PlacedPin => {
    const w = pinLabelWidth(p.label);
    const candidates = [
      { dx: 0, dy: 16, anchor: 'middle' as const, box: { x1: p.x - w / 2, y1: p.y + 2, x2: p.x + w / 2, y2: p.y + 2 + PIN_LABEL_HEIGHT } },
      { dx: 0, dy: -38, anchor: 'middle' as const, box: { x1: p.x - w / 2, y1: p.y - 52, x2: p.x + w / 2, y2: p.y - 52 + PIN_LABEL_HEIGHT } },
      { dx: 14, dy: -16, anchor: 'start' as const, box: { x1: p.x + 12, y1: p.y - 30, x2: p.x + 12 + w, y2: p.y - 30 + PIN_LABEL_HEIGHT } },
      { dx: -14, dy: -16, anchor: 'end' as const, box: { x1: p.x - 12 - w, y1: p.y - 30, x2: p.x - 12, y2: p.y - 30 + PIN_LABEL_HEIGHT } },
    ];
    const choice = candidates.find((c) => !overlaps(boxes, c.box)) ?? candidates[0]!;
    boxes.push(choice.box);
    return { ...p, labelDx: choice.dx, labelDy: choice.dy, labelAnchor: choice.anchor };
  });
  return { pins: placed, boxes };
}

/** Maps wider than this many kilometres print no suburb names. */
export const PLACE_NAMES_MAX_SPAN_KM = 40;

/**
 * Suburb names to print (on maps up to PLACE_NAMES_MAX_SPAN_KM across), spread over the map: the
 * map is cut into cells of about 280 × 140 px and each cell names the locality nearest its middle
 * that is on land and covers nothing already drawn (pins, labels, the scale bar and north arrow)
 * — enough to say where the map is without crowding it.
 */
export function placeNames(view: MapView, land: [number, number][][], taken: Box[], skip: ReadonlySet<string>): { name: string; x: number; y: number }[] {
  // Across a region every suburb is as small as the next: the pins' own labels say enough.
  if (view.kmPerPixel * view.width > PLACE_NAMES_MAX_SPAN_KM) return [];
  const boxes = [...taken];
  const seen = new Set<string>();
  const bounds = viewBounds(view, 0);
  const inView = australianLocalities()
    .filter((l) => l.lat >= bounds.minLat && l.lat <= bounds.maxLat && l.lng >= bounds.minLng && l.lng <= bounds.maxLng)
    .map((l) => ({ name: l.locality, ...toPixel(view, l) }))
    .filter((p) => p.x > 8 && p.x < view.width - 8 && p.y > 14 && p.y < view.height - 8 && !skip.has(p.name.toLowerCase()));
  const cols = Math.max(1, Math.round(view.width / 280));
  const rows = Math.max(1, Math.round(view.height / 140));
  const cw = view.width / cols;
  const ch = view.height / rows;
  const out: { name: string; x: number; y: number }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [mx, my] = [(c + 0.5) * cw, (r + 0.5) * ch];
      const candidates = inView
        .filter((p) => p.x >= c * cw && p.x < (c + 1) * cw && p.y >= r * ch && p.y < (r + 1) * ch)
        .sort((a, b) => Math.hypot(a.x - mx, a.y - my) - Math.hypot(b.x - mx, b.y - my));
      for (const p of candidates) {
        if (seen.has(p.name) || !onLand(land, p.x, p.y)) continue;
        const w = p.name.length * 6.6 + 8;
        const box = { x1: p.x - w / 2, y1: p.y - 12, x2: p.x + w / 2, y2: p.y + 4 };
        if (box.x1 < 2 || box.x2 > view.width - 2 || overlaps(boxes, { x1: box.x1 - 8, y1: box.y1 - 8, x2: box.x2 + 8, y2: box.y2 + 8 })) continue;
        seen.add(p.name);
        boxes.push(box);
        out.push(p);
        break;
      }
    }
  }
  return out;
}

const f1 = (n: number) => String(Math.round(n * 10) / 10);

/**
 * The map as an SVG document.
 * @param request pins, size, minimum span, accessible title and the tenant's colours
 */
export function renderLocationMap(request: LocationMapRequest): string {
  const { width, height, style } = request;
  const view = fitMapView(request.pins, width, height, { marginPx: 56, minSpanKm: request.minSpanKm });
  const land = landRings(view);
  const bar = scaleBar(view, Math.min(140, width / 4));
  const step = bar.px;
  const xs = step > 8 ? Array.from({ length: Math.ceil(width / step) }, (_, i) => i * step + (((width / 2) % step) - step)) : [];
  const ys = step > 8 ? Array.from({ length: Math.ceil(height / step) + 1 }, (_, i) => i * step + (((height / 2) % step) - step)) : [];
  const { pins, boxes } = placePins(view, request.pins);
  const chrome: Box[] = [
    { x1: 0, y1: height - 40, x2: bar.px + 40, y2: height },
    { x1: width - 48, y1: 0, x2: width, y2: 52 },
    { x1: width - 170, y1: height - 18, x2: width, y2: height },
  ];
  const names = placeNames(view, land, [...boxes, ...chrome], new Set(request.pins.map((p) => p.label.toLowerCase())));
  const drawOrder = pins.slice().sort((a, b) => Number(a.current ?? false) - Number(b.current ?? false));
  const font = escapeXml(style.font);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(request.title)}" font-family="${font}">`,
    `<title>${escapeXml(request.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="${MAP_COLOURS.sea}"/>`,
    land.length ? `<path d="${ringsToPath(land)}" fill="${MAP_COLOURS.land}" fill-rule="evenodd" stroke="${MAP_COLOURS.coast}" stroke-width="1"/>` : '',
    `<g stroke="${MAP_COLOURS.grid}" stroke-width="1" opacity="0.7">`,
    ...xs.map((x) => `<line x1="${f1(x)}" x2="${f1(x)}" y1="0" y2="${height}"/>`),
    ...ys.map((y) => `<line y1="${f1(y)}" y2="${f1(y)}" x1="0" x2="${width}"/>`),
    '</g>',
    `<g font-size="12" font-style="italic" fill="${MAP_COLOURS.place}" text-anchor="middle" stroke="${MAP_COLOURS.land}" stroke-width="3" paint-order="stroke">`,
    ...names.map((n) => `<text x="${f1(n.x)}" y="${f1(n.y)}">${escapeXml(n.name)}</text>`),
    '</g>',
    ...drawOrder.map((p) =>
      [
        `<g transform="translate(${f1(p.x)} ${f1(p.y)})">`,
        `<path d="M0 0 C -3 -8 -11 -12 -11 -21 A 11 11 0 1 1 11 -21 C 11 -12 3 -8 0 0 Z" fill="${escapeXml(p.current ? style.primary : style.secondary)}" stroke="#ffffff" stroke-width="2"/>`,
        '<circle cy="-21" r="4" fill="#ffffff"/>',
        `<text x="${p.labelDx}" y="${p.labelDy}" text-anchor="${p.labelAnchor}" font-size="15" font-weight="700" fill="${MAP_COLOURS.ink}" stroke="#ffffff" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${escapeXml(p.label)}</text>`,
        '</g>',
      ].join(''),
    ),
    `<g transform="translate(16 ${height - 18})" font-size="12" font-weight="700" fill="${MAP_COLOURS.ink}">`,
    `<rect x="-6" y="-20" width="${f1(bar.px + 12)}" height="30" rx="4" fill="#ffffff" fill-opacity="0.9"/>`,
    `<path d="M0 0H${f1(bar.px)}M0 -4V4M${f1(bar.px)} -4V4" stroke="${MAP_COLOURS.ink}" stroke-width="2"/>`,
    `<text x="${f1(bar.px / 2)}" y="-7" text-anchor="middle">${escapeXml(bar.label)}</text>`,
    '</g>',
    `<g transform="translate(${width - 26} 30)" font-size="12" font-weight="700" fill="${MAP_COLOURS.ink}">`,
    '<circle r="16" fill="#ffffff" fill-opacity="0.9"/>',
    '<path d="M0 -11 L5 3 L0 0 L-5 3 Z"/>',
    '<text y="13" text-anchor="middle">N</text>',
    '</g>',
    `<text x="${width - 4}" y="${height - 5}" text-anchor="end" font-size="10" fill="${MAP_COLOURS.ink}" stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(LAND_ATTRIBUTION)}</text>`,
    '</svg>',
  ];
  return parts.join('');
}
