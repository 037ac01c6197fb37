/** An sRGB colour with 0–255 channels. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * Parses `#rgb` or `#rrggbb` (case-insensitive). Throws an Error naming `field` when the
 * value is not a hex colour, so a bad theme value is reported, never silently ignored.
 */
export function parseHexColour(value: string, field = 'colour'): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) throw new Error(`${field}: '${value}' is not a hex colour like #1a2b3c`);
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return {
    r: Number.parseInt(hex.slice(0, 2), 16),
    g: Number.parseInt(hex.slice(2, 4), 16),
    b: Number.parseInt(hex.slice(4, 6), 16),
  };
}

/** Formats a colour as lowercase `#rrggbb`. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

function lin(channel: number): number {
  const s = channel / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance (0 black – 1 white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.x contrast ratio between two colours (1 – 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const INK: Rgb = { r: 17, g: 20, b: 24 };

/**
 * Text colour for a filled background: white or near-black, whichever contrasts more.
 * Lets any tenant brand colour be a button fill while its label stays WCAG AA readable.
 */
export function readableOn(background: Rgb): Rgb {
  return contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK;
}

/**
 * Moves `foreground` towards black (or white, on a dark background) in small steps until it
 * reaches `minRatio` against `background` (4.5 is WCAG AA for body text). Used so a pale
 * brand colour can still serve for links and focus rings. Returns the input when it
 * already passes.
 */
export function ensureContrast(foreground: Rgb, background: Rgb, minRatio = 4.5): Rgb {
  if (contrastRatio(foreground, background) >= minRatio) return foreground;
  const target = relativeLuminance(background) > 0.18 ? { r: 0, g: 0, b: 0 } : WHITE;
  for (let step = 1; step <= 20; step += 1) {
    const t = step / 20;
    const mixed = {
      r: foreground.r + (target.r - foreground.r) * t,
      g: foreground.g + (target.g - foreground.g) * t,
      b: foreground.b + (target.b - foreground.b) * t,
    };
    const rounded = { r: Math.round(mixed.r), g: Math.round(mixed.g), b: Math.round(mixed.b) };
    if (contrastRatio(rounded, background) >= minRatio) return rounded;
  }
  return target;
}
