import { describe, expect, test } from 'vitest';
import { fitMapView, greatCircleKm, toPixel } from '../../site/src/domain/geo.ts';
import { australianLocalities } from '../places/provider.ts';
import { landRings, onLand } from './land.ts';
import { PLACE_NAMES_MAX_SPAN_KM, placePins, renderLocationMap, type LocationMapRequest } from './location-map.ts';

/*
 * The generated map image: what a shopper reads on it (pins and their labels, suburb names on
 * land, the scale, the coastline's credit) and that it is a self-contained SVG.
 */

const style = { primary: '#c8102e', secondary: '#1f2933', font: 'Inter, system-ui, sans-serif' };
const southport = { lat: -27.9801, lng: 153.4081, label: 'Southport', current: true };
const base: LocationMapRequest = { pins: [southport], width: 640, height: 360, minSpanKm: 3, title: 'Map of Harbourside <Toyota> & Co', style };

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe('renderLocationMap', () => {
  test('a self-contained SVG: escaped title, nothing fetched, the coastline credited', () => {
    const svg = renderLocationMap(base);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"')).toBe(true);
    expect(svg).toContain('<title>Map of Harbourside &lt;Toyota&gt; &amp; Co</title>');
    // No URL but the SVG namespace: no tiles, fonts or images from anywhere.
    expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=|url\(/);
    expect(texts(svg)).toContain('© OpenStreetMap contributors');
  });

  test('on the coast the map shows sea and land; the current pin is in the brand colour with its label', () => {
    const svg = renderLocationMap(base);
    expect(svg).toMatch(/<rect width="640" height="360" fill="#cfe2ee"\/><path d="M[^"]+" fill="#eef1ea" fill-rule="evenodd"/);
    expect(svg).toContain(`fill="${style.primary}"`);
    expect(texts(svg)).toContain('Southport');
  });

  test('the scale bar is a round distance that matches the drawing', () => {
    const svg = renderLocationMap(base);
    const view = fitMapView([southport], 640, 360, { marginPx: 56, minSpanKm: 3 });
    const label = texts(svg).find((t) => /^\d+ (k?m)$/.test(t))!;
    const km = label.endsWith(' km') ? Number(label.split(' ')[0]) : Number(label.split(' ')[0]) / 1000;
    const barPx = Number(/<path d="M0 0H([\d.]+)M0 -4V4/.exec(svg)![1]);
    // Independently: the bar's length in pixels times the view's km per pixel is the label.
    expect(barPx * view.kmPerPixel).toBeCloseTo(km, 2);
    expect([1, 2, 5].some((f) => Number.isInteger(Math.log10(km / f)))).toBe(true);
  });

  test('suburb names: real localities in view, on land, never the pins own label', () => {
    const svg = renderLocationMap(base);
    const view = fitMapView([southport], 640, 360, { marginPx: 56, minSpanKm: 3 });
    const land = landRings(view);
    const names = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)">([^<]+)<\/text>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), name: m[3]! }));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) {
      expect(n.name).not.toBe('Southport');
      const locality = australianLocalities().find((l) => l.locality === n.name && Math.abs(toPixel(view, l).x - n.x) < 0.1);
      expect({ name: n.name, locality: Boolean(locality), onLand: onLand(land, n.x, n.y) }).toEqual({ name: n.name, locality: true, onLand: true });
      // Within the few kilometres the map spans.
      expect(greatCircleKm(southport, locality!)).toBeLessThan(10);
    }
  });

  test(`a map wider than ${PLACE_NAMES_MAX_SPAN_KM} km names no suburbs (the pins say enough)`, () => {
    const wide = renderLocationMap({ ...base, pins: [southport, { lat: -27.0734, lng: 152.95, label: 'Caboolture' }], width: 1200, height: 420 });
    const notScale = texts(wide).filter((t) => !/^\d+ km$/.test(t));
    expect(notScale.sort()).toEqual(['Caboolture', 'N', 'Southport', '© OpenStreetMap contributors'].sort());
  });
});

describe('placePins', () => {
  const view = fitMapView([{ lat: -27.5, lng: 153 }], 800, 400, { minSpanKm: 20 });

  test('two locations next door are one pin, the current one kept', () => {
    const { pins } = placePins(view, [{ lat: -27.5, lng: 153, label: 'Showroom' }, { lat: -27.5001, lng: 153.0001, label: 'Workshop', current: true }]);
    expect(pins.map((p) => p.label)).toEqual(['Workshop']);
  });

  test('labels of nearby pins do not cover each other', () => {
    const { pins } = placePins(view, [{ lat: -27.5, lng: 153, label: 'Woolloongabba' }, { lat: -27.5, lng: 153.012, label: 'Greenslopes' }]);
    expect(pins).toHaveLength(2);
    const box = (p: (typeof pins)[number]) => {
      const w = p.label.length * 8.6 + 6;
      const x = p.x + p.labelDx;
      const left = p.labelAnchor === 'middle' ? x - w / 2 : p.labelAnchor === 'start' ? x : x - w;
      return { x1: left, x2: left + w, y1: p.y + p.labelDy - 14, y2: p.y + p.labelDy + 4 };
    };
    const [a, b] = pins.map(box);
    expect(a!.x2 <= b!.x1 || b!.x2 <= a!.x1 || a!.y2 <= b!.y1 || b!.y2 <= a!.y1).toBe(true);
  });
});
