import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/*
 * Demo images drawn locally: an SVG scene (the vehicle's silhouette by body type in its own
 * colour, the view angle, make/model text) rendered by sharp at the requested width and quality
 * (spec §9: default width 640, quality 75) and cached on disk. Nothing is fetched from the
 * network and nothing is pre-rendered at start.
 */

/** Widths the image route renders (others answer 400, so caches cannot be flooded). */
export const ALLOWED_WIDTHS = [160, 320, 480, 640, 768, 960, 1280, 1920] as const;
/** Qualities the image route renders (75 default, 90 for large hero views). */
export const ALLOWED_QUALITIES = [50, 60, 75, 90] as const;
/** Output formats by file extension. */
export const FORMATS = { webp: 'image/webp', avif: 'image/avif', jpg: 'image/jpeg' } as const;
export type ImageFormat = keyof typeof FORMATS;

/** What to draw. */
export interface ImageScene {
  kind: 'car' | 'caravan' | 'motorcycle' | 'truck' | 'interior' | 'banner' | 'logo';
  body?: string | null;
  colour: string;
  /** Degrees for spin frames; photo angles by name. */
  angle?: string;
  title: string;
  subtitle?: string;
}

/**
 * Parses and checks `w`/`q` query parameters.
 * @param params the query
 */
export function imageParams(params: URLSearchParams): { width: number; quality: number } | { error: string } {
  const w = params.get('w');
  const q = params.get('q');
  const width = w === null ? 640 : Number(w);
  const quality = q === null ? 75 : Number(q);
  if (!ALLOWED_WIDTHS.includes(width as (typeof ALLOWED_WIDTHS)[number])) return { error: `w must be one of ${ALLOWED_WIDTHS.join(', ')}` };
  if (!ALLOWED_QUALITIES.includes(quality as (typeof ALLOWED_QUALITIES)[number])) return { error: `q must be one of ${ALLOWED_QUALITIES.join(', ')}` };
  return { width, quality };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(factor >= 0 ? v + (255 - v) * factor : v * (1 + factor))));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

function wheel(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1c1e21"/><circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#b9bec6"/><circle cx="${cx}" cy="${cy}" r="${r * 0.2}" fill="#6d737c"/>`;
}

function silhouette(scene: ImageScene): string {
  const c = scene.colour;
  const dark = shade(c, -0.35);
  const glass = '#2c3e50';
  const body = (scene.body ?? '').toLowerCase();
  if (scene.kind === 'motorcycle') {
    return `${wheel(520, 640, 130)}${wheel(1080, 640, 130)}
      <path d="M520 640 L700 470 L900 470 L1080 640" stroke="#30343a" stroke-width="26" fill="none"/>
      <path d="M640 470 Q700 380 840 390 L940 430 L900 500 L680 510 Z" fill="${c}" stroke="${dark}" stroke-width="6"/>
      <path d="M860 400 L990 330 L1010 350" stroke="#30343a" stroke-width="18" fill="none"/>
      <rect x="560" y="430" width="140" height="40" rx="18" fill="#222"/>`;
  }
  if (scene.kind === 'caravan') {
    return `<path d="M300 640 L140 660 L120 680" stroke="#3b3f45" stroke-width="16" fill="none"/>
      <rect x="300" y="250" width="1050" height="400" rx="70" fill="${c}" stroke="${dark}" stroke-width="8"/>
      <rect x="300" y="520" width="1050" height="40" fill="${dark}"/>
      <rect x="380" y="320" width="220" height="120" rx="18" fill="${glass}"/><rect x="1000" y="320" width="260" height="120" rx="18" fill="${glass}"/>
      <rect x="700" y="300" width="150" height="330" rx="14" fill="${shade(c, -0.15)}" stroke="${dark}" stroke-width="6"/>
      ${wheel(820, 680, 80)}${wheel(1000, 680, 80)}`;
  }
  if (scene.kind === 'truck' || body.includes('cab chassis')) {
    return `<rect x="240" y="250" width="360" height="400" rx="40" fill="${c}" stroke="${dark}" stroke-width="8"/>
      <rect x="290" y="300" width="260" height="150" rx="16" fill="${glass}"/>
      <rect x="600" y="360" width="820" height="260" fill="#d9dde2" stroke="#8a9099" stroke-width="8"/>
      <rect x="240" y="600" width="1180" height="40" fill="#33373d"/>
      ${wheel(420, 680, 95)}${wheel(1160, 680, 95)}${wheel(1300, 680, 95)}`;
  }
  const shapes: Record<string, { body: string; cabin: string }> = {
    suv: { body: 'M230 690 L230 560 Q240 520 330 510 L1330 510 Q1390 520 1390 580 L1390 690 Z', cabin: 'M440 510 L560 360 L1190 360 L1290 510 Z' },
    ute: { body: 'M220 690 L220 570 Q230 530 320 520 L1380 520 L1380 690 Z', cabin: 'M420 520 L540 380 L860 380 L880 520 Z' },
    hatch: { body: 'M300 690 L300 580 Q310 540 400 530 L1250 530 Q1300 545 1300 600 L1300 690 Z', cabin: 'M520 530 L640 390 L1130 390 L1250 530 Z' },
    van: { body: 'M240 690 L240 360 Q250 320 330 320 L1340 320 Q1380 330 1380 380 L1380 690 Z', cabin: 'M280 470 L330 360 L520 360 L520 470 Z' },
    coupe: { body: 'M220 690 L220 600 Q240 560 360 550 L1360 560 Q1400 580 1400 630 L1400 690 Z', cabin: 'M600 550 L760 430 L1080 430 L1240 555 Z' },
    convertible: { body: 'M220 690 L220 600 Q240 560 360 550 L1360 560 Q1400 580 1400 630 L1400 690 Z', cabin: 'M700 552 L760 500 L780 552 Z' },
    wagon: { body: 'M230 690 L230 570 Q240 540 330 530 L1360 530 Q1390 540 1390 600 L1390 690 Z', cabin: 'M480 530 L610 400 L1300 400 L1340 530 Z' },
    sedan: { body: 'M220 690 L220 580 Q230 545 330 540 L1370 545 Q1400 560 1400 610 L1400 690 Z', cabin: 'M520 540 L660 400 L1040 400 L1200 545 Z' },
  };
  const key = body.includes('suv') || body.includes('people') ? 'suv' : body.includes('ute') ? 'ute' : body.includes('hatch') ? 'hatch' : body.includes('van') ? 'van' : body.includes('convertible') ? 'convertible' : body.includes('coupe') ? 'coupe' : body.includes('wagon') ? 'wagon' : 'sedan';
  const s = shapes[key] ?? shapes.sedan!;
  const tray = key === 'ute' ? `<rect x="880" y="470" width="500" height="60" fill="${dark}"/>` : '';
  return `<path d="${s.cabin}" fill="${glass}" stroke="${dark}" stroke-width="10"/>
    <path d="${s.body}" fill="${c}" stroke="${dark}" stroke-width="8"/>${tray}
    <rect x="240" y="600" width="60" height="22" rx="6" fill="#f5d76e"/><rect x="1330" y="600" width="50" height="22" rx="6" fill="#d64541"/>
    ${wheel(480, 690, 95)}${wheel(1140, 690, 95)}`;
}

/** Caravan photos taken inside (drawn as a cabin, not a car's dashboard). */
const CARAVAN_INSIDE = ['lounge', 'kitchen', 'bedroom', 'bathroom'];

function caravanInterior(scene: ImageScene): string {
  const timber = '#b08a5a';
  const angle = scene.angle ?? 'lounge';
  const window = '<rect x="560" y="150" width="480" height="220" rx="30" fill="#cfe3f2" stroke="#8a9099" stroke-width="10"/>';
  if (angle === 'bedroom') {
    return `${window}<rect x="300" y="470" width="1000" height="240" rx="30" fill="#f1efe9" stroke="#c9c3b8" stroke-width="8"/>
      <rect x="340" y="430" width="300" height="90" rx="40" fill="#ffffff"/><rect x="960" y="430" width="300" height="90" rx="40" fill="#ffffff"/>
      <rect x="300" y="600" width="1000" height="110" rx="20" fill="${scene.colour}" opacity="0.8"/>`;
  }
  if (angle === 'kitchen' || angle === 'bathroom') {
    return `${window}<rect x="200" y="480" width="1200" height="300" fill="${timber}"/><rect x="180" y="450" width="1240" height="40" fill="#e8e4dc"/>
      <ellipse cx="${angle === 'kitchen' ? 520 : 800}" cy="470" rx="110" ry="22" fill="#9aa3ad"/>
      ${angle === 'kitchen' ? '<circle cx="1000" cy="465" r="38" fill="#2b2f34"/><circle cx="1120" cy="465" r="38" fill="#2b2f34"/>' : ''}
      <rect x="260" y="560" width="260" height="180" rx="10" fill="${shade(timber, -0.15)}"/><rect x="1080" y="560" width="260" height="180" rx="10" fill="${shade(timber, -0.15)}"/>`;
  }
  return `${window}<path d="M220 520 L1380 520 L1380 760 L220 760 Z" fill="${scene.colour}" opacity="0.85"/>
    <rect x="220" y="440" width="1160" height="100" rx="30" fill="${shade(scene.colour, 0.2)}"/>
    <rect x="600" y="600" width="400" height="40" fill="${timber}"/><rect x="780" y="640" width="40" height="140" fill="${shade(timber, -0.2)}"/>`;
}

function interior(scene: ImageScene): string {
  if (scene.kind === 'caravan' && CARAVAN_INSIDE.includes(scene.angle ?? '')) return caravanInterior(scene);
  const trim = shade(scene.colour, -0.55);
  return `<rect x="0" y="420" width="1600" height="480" fill="${trim}"/>
    <path d="M0 420 Q800 300 1600 420 L1600 520 L0 520 Z" fill="${shade(trim, 0.15)}"/>
    <rect x="640" y="340" width="320" height="170" rx="18" fill="#111820"/><rect x="660" y="360" width="280" height="130" rx="10" fill="#2e6da4"/>
    <circle cx="400" cy="620" r="190" fill="none" stroke="#15181c" stroke-width="42"/><circle cx="400" cy="620" r="50" fill="#15181c"/>
    <rect x="760" y="560" width="80" height="240" rx="30" fill="#1d2126"/>`;
}

/**
 * Builds the SVG of a scene at 1600×900 (16:9).
 * @param scene what to draw
 */
export function sceneSvg(scene: ImageScene): string {
  if (scene.kind === 'logo') {
    // A demo emblem, not a manufacturer's trademark: the brand's initials on a roundel in a
    // colour of its own (stable per name), on a white 2:1 tile.
    const initials = scene.title.split(/[\s-]+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase();
    let hue = 0;
    for (const char of scene.title.toLowerCase()) hue = (hue * 31 + char.charCodeAt(0)) % 360;
    const fill = `hsl(${hue} 55% 30%)`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" width="400" height="200">
      <rect width="400" height="200" rx="20" fill="#ffffff"/>
      <circle cx="200" cy="100" r="86" fill="${fill}"/><circle cx="200" cy="100" r="74" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4"/>
      <text x="200" y="${initials.length > 1 ? 122 : 128}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${initials.length > 1 ? 64 : 80}" fill="#ffffff">${esc(initials)}</text></svg>`;
  }
  const angle = scene.angle ?? 'side';
  let transform = '';
  const deg = Number(angle);
  if (!Number.isNaN(deg)) {
    const cos = Math.cos((deg * Math.PI) / 180);
    const sx = Math.max(0.35, Math.abs(cos));
    transform = `translate(800 0) scale(${cos < 0 ? -sx : sx} 1) translate(-800 0)`;
  } else if (angle.startsWith('rear')) transform = 'translate(1600 0) scale(-1 1)';
  else if (angle === 'front') transform = 'translate(800 0) scale(0.55 1) translate(-800 0)';
  const isInside = scene.kind === 'interior' || ['interior', 'dashboard', 'rear-seats', 'panorama'].includes(angle) || (scene.kind === 'caravan' && CARAVAN_INSIDE.includes(angle));
  const subject = isInside ? interior(scene) : scene.kind === 'banner' ? '' : `<g transform="${transform}">${silhouette(scene)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6f9"/><stop offset="0.72" stop-color="#dfe4ea"/><stop offset="0.72" stop-color="#c9ced6"/><stop offset="1" stop-color="#b7bdc6"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#bg)"/>
    ${scene.kind === 'banner' ? `<rect width="1600" height="900" fill="${scene.colour}" opacity="0.85"/>` : ''}
    <ellipse cx="800" cy="790" rx="640" ry="36" fill="#000" opacity="${isInside ? 0 : 0.18}"/>
    ${subject}
    <rect x="0" y="800" width="1600" height="100" fill="#0f1720" opacity="0.72"/>
    <text x="48" y="865" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="46" fill="#ffffff">${esc(scene.title)}</text>
    ${scene.subtitle ? `<text x="1552" y="862" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#dfe6ee">${esc(scene.subtitle)}</text>` : ''}
  </svg>`;
}

/**
 * Renders a scene (or returns the cached file) at a width/quality/format.
 * @param cacheDir directory for rendered files
 * @param cacheKey unique name of the scene (site, car, position…)
 * @param scene what to draw
 * @param width output width (height follows 16:9, or 2:1 for logos)
 * @param quality encoder quality
 * @param format output format
 */
export async function renderImage(cacheDir: string, cacheKey: string, scene: ImageScene, width: number, quality: number, format: ImageFormat): Promise<Buffer> {
  const file = path.join(cacheDir, `${cacheKey.replace(/[^a-zA-Z0-9_-]+/g, '_')}-w${width}-q${quality}.${format}`);
  try {
    return await fs.promises.readFile(file);
  } catch {
    // not rendered yet
  }
  const svg = Buffer.from(sceneSvg(scene));
  return encodeAndCache(file, sharp(svg, { density: 72 * Math.max(1, width / 1600) }).resize({ width }), quality, format);
}

/**
 * Renders a stored photo (an imported car's original) at a width/quality/format, through the same
 * widths, encoders and disk cache as the drawn images. Never enlarges a small original.
 * @param cacheDir directory for rendered files
 * @param cacheKey unique name of the photo
 * @param original path of the stored original
 * @param width output width
 * @param quality encoder quality
 * @param format output format
 */
export async function renderPhoto(cacheDir: string, cacheKey: string, original: string, width: number, quality: number, format: ImageFormat): Promise<Buffer> {
  const file = path.join(cacheDir, `${cacheKey.replace(/[^a-zA-Z0-9_-]+/g, '_')}-w${width}-q${quality}.${format}`);
  try {
    return await fs.promises.readFile(file);
  } catch {
    // not rendered yet
  }
  return encodeAndCache(file, sharp(original).resize({ width, withoutEnlargement: true }), quality, format);
}

async function encodeAndCache(file: string, pipeline: Sharp, quality: number, format: ImageFormat): Promise<Buffer> {
  const img = format === 'avif' ? pipeline.avif({ quality: Math.max(30, quality - 25) }) : format === 'jpg' ? pipeline.jpeg({ quality, mozjpeg: true }) : pipeline.webp({ quality, effort: 2 });
  const out = await img.toBuffer();
  // Write to a temporary name first so a concurrent reader never sees half a file.
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(tmp, out);
    await fs.promises.rename(tmp, file);
  } catch (error) {
    // A full disk (or a read-only cache) must not cost the shopper the picture: it is served
    // uncached, and drawn again next time.
    console.error(`[server] image cache write failed, serving ${path.basename(file)} uncached:`, (error as Error).message);
    await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
  }
  return out;
}
