import { describe, expect, test } from 'vitest';
import { entryLoadingApp, landingModules, routesLoadingLateLibraries, type LandingReport } from './landing-modules.ts';

const report: LandingReport = {
  chunks: [
    { file: 'start.js', imports: ['react.js'], modules: ['site/src/app/start.tsx'] },
    { file: 'react.js', imports: [], modules: ['node_modules/react/index.js'] },
    { file: 'car.js', imports: ['start.js', 'gallery.js'], modules: ['site/src/routes/cars/$slug.tsx'] },
    { file: 'gallery.js', imports: ['react.js'], modules: ['site/src/components/ui/gallery.tsx'] },
    { file: 'embla.js', imports: ['react.js'], modules: ['node_modules/embla-carousel/esm/embla-carousel.esm.js'] },
    { file: 'home.js', imports: ['start.js', 'embla.js'], modules: ['site/src/routes/index.tsx'] },
  ],
  routes: { 'site/src/routes/cars/$slug.tsx': { chunks: ['car.js'] }, 'site/src/routes/index.tsx': { chunks: ['home.js'] } },
};

describe('landing modules', () => {
  test('a route lands with its chunks and their static imports, each once', () => {
    expect([...landingModules(report, 'site/src/routes/cars/$slug.tsx')].sort()).toEqual(['node_modules/react/index.js', 'site/src/app/start.tsx', 'site/src/components/ui/gallery.tsx', 'site/src/routes/cars/$slug.tsx']);
    expect(landingModules(report, 'no-such-route').size).toBe(0);
  });

  test('names the routes whose first JavaScript holds embla', () => {
    expect(routesLoadingLateLibraries(report)).toEqual([{ route: 'site/src/routes/index.tsx', module: 'node_modules/embla-carousel/esm/embla-carousel.esm.js' }]);
  });

  test("names the entry's file that loads the app's start with it (the shell must wait for the first paint)", () => {
    const entry = { file: 'index.js', imports: ['runtime.js'], modules: ['site/src/main.tsx'], isEntry: true };
    const runtime = { file: 'runtime.js', imports: [], modules: ['rolldown/runtime.js'] };
    // Apart: the entry imports the start dynamically.
    expect(entryLoadingApp({ ...report, chunks: [entry, runtime, ...report.chunks] })).toBeNull();
    // The preload helper grouped into the shell: the entry imports the shell statically.
    expect(entryLoadingApp({ ...report, chunks: [{ ...entry, imports: ['runtime.js', 'start.js'] }, runtime, ...report.chunks] })).toBe('start.js');
  });
});
