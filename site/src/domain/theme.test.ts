import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColour } from './colour.ts';
import { tenantThemeCss, tenantThemeVariables, themeVariables, type ThemeInput } from './theme.ts';
import { tenantFixture } from '../test/tenant-fixture.ts';

const base: ThemeInput = {
  colours: {
    primary: '#eb0a1e',
    primaryContrast: '#ffffff',
    accent: '#f59e0b',
    accentContrast: '#111827',
    background: '#ffffff',
    surface: '#f3f4f6',
    text: '#111827',
    muted: '#4b5563',
  },
  fontFamily: 'system-ui, "Segoe UI", Arial, sans-serif',
  radius: 6,
};

const ratio = (vars: Record<string, string>, a: string, b: string) =>
  contrastRatio(parseHexColour(vars[a] ?? ''), parseHexColour(vars[b] ?? ''));

describe('themeVariables', () => {
  it('maps the tenant colours and fonts to CSS variables', () => {
    const vars = themeVariables(base);
    expect(vars['--color-primary']).toBe('#eb0a1e');
    expect(vars['--color-on-primary']).toBe('#ffffff');
    expect(vars['--font-body']).toBe(base.fontFamily);
    expect(vars['--font-heading']).toBe(base.fontFamily);
    expect(vars['--radius']).toBe('6px');
  });

  it('corrects a pale brand colour so links and button labels stay AA readable', () => {
    const vars = themeVariables({ ...base, colours: { ...base.colours, primary: '#ffd200', primaryContrast: '#ffffff' } });
    expect(ratio(vars, '--color-link', '--color-bg')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(vars, '--color-link', '--color-surface-alt')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(vars, '--color-on-primary', '--color-primary')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(vars, '--footer-text', '--footer-bg')).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the darkest neutral for footer chrome on a dark theme', () => {
    const vars = themeVariables({
      ...base,
      colours: { ...base.colours, background: '#0b0b0d', surface: '#17171b', text: '#f5f5f5', muted: '#b4b4bb' },
    });
    expect(vars['--footer-bg']).toBe('#0b0b0d');
    expect(ratio(vars, '--footer-text', '--footer-bg')).toBeGreaterThanOrEqual(4.5);
  });

  it('rejects remote fonts and bad colours with the field named', () => {
    expect(() => themeVariables({ ...base, fontFamily: "url(https://fonts.example/x.woff2)" })).toThrow('theme.fontFamily');
    expect(() => themeVariables({ ...base, colours: { ...base.colours, accent: 'orange' } })).toThrow('theme.colours.accent');
  });
});

describe('tenantThemeCss', () => {
  it('writes every theme variable as a declaration of the :root rule, in order', () => {
    const theme = tenantFixture().theme;
    const css = tenantThemeCss(theme);
    const expected = Object.entries(tenantThemeVariables(theme)).map(([name, value]) => `${name}:${value}`);
    expect(css.split(';')).toEqual(expected);
    expect(css).toMatch(/^--color-primary:#[0-9a-f]{6};/);
  });
});
