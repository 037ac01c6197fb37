import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { contrastRatio, ensureContrast, parseHexColour, readableOn, relativeLuminance, toHex, type Rgb } from './colour.ts';

/** The theme fields of a resolved tenant that become CSS variables. */
export interface ThemeInput {
  colours: {
    primary: string;
    primaryContrast: string;
    accent: string;
    accentContrast: string;
    background: string;
    surface: string;
    text: string;
    muted: string;
  };
  fontFamily: string;
  headingFontFamily?: string;
  radius: number;
}

// Fonts must be local: a url(), @import or remote-looking value would fetch from the
// internet (spec: nothing loads at run time), so such stacks are rejected.
const SAFE_FONT_STACK = /^[\w\s"',.-]+$/;

function pick(onColour: Rgb, preferred: Rgb, minRatio: number): Rgb {
  return contrastRatio(preferred, onColour) >= minRatio ? preferred : readableOn(onColour);
}

/**
 * Turns a tenant theme into the CSS custom properties of the global stylesheet
 * (`--color-primary`, `--font-body`, …). Every text/background pair is checked for WCAG AA
 * contrast (4.5:1 text, 3:1 focus ring) and corrected where the tenant's colours fall short,
 * so a pale brand colour never produces unreadable links or buttons. Throws an Error naming
 * the field for a colour that is not hex or a font stack that is not a local font list.
 */
export function themeVariables(theme: ThemeInput): Record<string, string> {
  const c = theme.colours;
  const col = (key: keyof ThemeInput['colours']) => parseHexColour(c[key], `theme.colours.${key}`);
  const background = col('background');
  const surface = col('surface');
  const primary = col('primary');
  const accent = col('accent');
  const text = ensureContrast(ensureContrast(col('text'), background), surface);
  const muted = ensureContrast(ensureContrast(col('muted'), background), surface);
  const link = ensureContrast(ensureContrast(primary, background), surface);
  const onPrimary = pick(primary, col('primaryContrast'), 4.5);
  const onAccent = pick(accent, col('accentContrast'), 4.5);
  // Dark chrome (footer, top bar, hero) is the darkest of the tenant's own neutrals, so it
  // suits the brand on light themes (the text colour) and dark themes (the background) alike.
  const dark = [text, background, surface].reduce((a, b) => (relativeLuminance(b) < relativeLuminance(a) ? b : a));
  const onDark = readableOn(dark);
  const border = ensureContrast(mix(surface, text, 0.18), background, 1.3);
  const focus = ensureContrast(primary, background, 3);

  for (const [field, stack] of [
    ['theme.fontFamily', theme.fontFamily],
    ['theme.headingFontFamily', theme.headingFontFamily],
  ] as const) {
    if (stack !== undefined && !SAFE_FONT_STACK.test(stack)) {
      throw new Error(`${field}: '${stack}' must be a list of local font names`);
    }
  }
  if (!Number.isFinite(theme.radius) || theme.radius < 0) throw new Error(`theme.radius: ${theme.radius} must be 0 or more`);

  return {
    '--color-primary': toHex(primary),
    '--color-on-primary': toHex(onPrimary),
    '--color-secondary': toHex(dark),
    '--color-on-secondary': toHex(onDark),
    '--color-accent': toHex(accent),
    '--color-on-accent': toHex(onAccent),
    '--color-bg': toHex(background),
    '--color-surface': toHex(background),
    '--color-surface-alt': toHex(surface),
    '--color-text': toHex(text),
    '--color-muted': toHex(muted),
    '--color-border': toHex(border),
    '--color-link': toHex(link),
    '--color-focus': toHex(focus),
    '--header-bg': toHex(background),
    '--header-text': toHex(text),
    '--header-accent': toHex(focus),
    '--footer-bg': toHex(dark),
    '--footer-text': toHex(onDark),
    '--footer-link': toHex(onDark),
    '--font-body': theme.fontFamily,
    '--font-heading': theme.headingFontFamily ?? theme.fontFamily,
    '--radius': `${theme.radius}px`,
  };
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return {
    r: Math.round(a.r + (b.r - a.r) * t),
    g: Math.round(a.g + (b.g - a.g) * t),
    b: Math.round(a.b + (b.b - a.b) * t),
  };
}

/**
 * The CSS variables of a tenant's resolved theme (see `themeVariables`). Used by the app at
 * start-up and by the build, which inlines them into index.html for a correct first paint.
 */
export function tenantThemeVariables(theme: ResolvedTenant['theme']): Record<string, string> {
  const { primary, primaryContrast, accent, accentContrast, background, surface, text, muted } = theme.colours;
  return themeVariables({
    colours: { primary, primaryContrast, accent, accentContrast, background, surface, text, muted },
    fontFamily: theme.fontFamily,
    ...(theme.headingFontFamily ? { headingFontFamily: theme.headingFontFamily } : {}),
    radius: theme.radius,
  });
}

/** The tenant theme's CSS variables as declarations for a `:root{…}` rule ('--color-primary:#0a4d8c;…'). */
export function tenantThemeCss(theme: ResolvedTenant['theme']): string {
  return Object.entries(tenantThemeVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
