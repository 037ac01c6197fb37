import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appStartPreloadPlugin, entryHelperPreloads, inlineCssOf, isAppStart, routeIdOfFile, routerManifestOf } from './router-manifest.ts';

const routes = path.resolve('/repo/site/src/routes');
const chunk = (fileName: string, extra: Partial<Parameters<typeof routerManifestOf>[0][number]> = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  ...extra,
});

describe('routeIdOfFile', () => {
  it('names routes as the file-based route tree does', () => {
    expect(routeIdOfFile('__root.tsx')).toBe('__root__');
    expect(routeIdOfFile('index.tsx')).toBe('/');
    expect(routeIdOfFile('search/index.tsx')).toBe('/search/');
    expect(routeIdOfFile('search/$.tsx')).toBe('/search/$');
    expect(routeIdOfFile('pages/warranty.tsx')).toBe('/pages/warranty');
    expect(routeIdOfFile('cars/$slug.tsx')).toBe('/cars/$slug');
    // Dots separate path segments, as in the generated route tree; an escaped dot stays.
    expect(routeIdOfFile('$brand.overview.tsx')).toBe('/$brand/overview');
    expect(routeIdOfFile('cars/$slug_.checkout.tsx')).toBe('/cars/$slug_/checkout');
    expect(routeIdOfFile('sitemap[.]xml.tsx')).toBe('/sitemap.xml');
  });
});

describe('routerManifestOf', () => {
  it('gives the root the entry script and the CSS of the entry and the app it starts, and routes their own CSS; no script is preloaded or listed', () => {
    const manifest = routerManifestOf(
      [
        chunk('assets/index-a.js', { isEntry: true, dynamicImports: ['assets/start-s.js'], viteMetadata: { importedCss: new Set(['assets/index-a.css']) } }),
        chunk('assets/start-s.js', {
          isDynamicEntry: true,
          facadeModuleId: '/repo/site/src/app/start.tsx',
          imports: ['assets/react-b.js'],
          viteMetadata: { importedCss: new Set(['assets/start-s.css']) },
        }),
        chunk('assets/react-b.js'),
        chunk('assets/search-c.js', {
          isDynamicEntry: true,
          facadeModuleId: `${routes}/search/$.tsx?tsr-split=component`,
          imports: ['assets/react-b.js', 'assets/setup-d.js'],
          viteMetadata: { importedCss: new Set(['assets/search-c.css']) },
        }),
        chunk('assets/setup-d.js'),
        chunk('assets/feature-e.js', { isDynamicEntry: true, facadeModuleId: '/repo/site/src/features/garage/index.tsx' }),
      ],
      routes,
    );
    expect(manifest.routes['__root__']).toEqual({
      css: ['/assets/index-a.css', '/assets/start-s.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/index-a.js' } }],
    });
    // A route links the CSS the first page's chunks do not hold already; its JS loads with it.
    expect(manifest.routes['/search/$']).toEqual({ css: ['/assets/search-c.css'] });
    expect(Object.keys(manifest.routes)).toEqual(['__root__', '/search/$']);
    expect(JSON.stringify(manifest)).not.toContain('preloads');
  });

  it('knows the app start chunk by its module on any platform', () => {
    expect(isAppStart('/repo/site/src/app/start.tsx')).toBe(true);
    expect(isAppStart('C:\\repo\\site\\src\\app\\start.tsx')).toBe(true);
    expect(isAppStart('/repo/site/src/app/start.tsx?v=1')).toBe(true);
    expect(isAppStart('/repo/site/src/app/restart.tsx')).toBe(false);
    expect(isAppStart(null)).toBe(false);
  });

  it('links the CSS of feature chunks loaded lazily (the server renders them), but not their JS', () => {
    const manifest = routerManifestOf(
      [
        chunk('assets/index-a.js', { isEntry: true, dynamicImports: ['assets/links-f.js', 'assets/home-g.js'], viteMetadata: { importedCss: new Set(['assets/index-a.css']) } }),
        chunk('assets/links-f.js', { isDynamicEntry: true, facadeModuleId: '/repo/site/src/features/group-site-links/index.tsx', viteMetadata: { importedCss: new Set(['assets/links-f.css']) } }),
        chunk('assets/home-g.js', {
          isDynamicEntry: true,
          facadeModuleId: `${routes}/index.tsx?tsr-split=component`,
          dynamicImports: ['assets/counter-h.js'],
          viteMetadata: { importedCss: new Set(['assets/home-g.css']) },
        }),
        chunk('assets/counter-h.js', { isDynamicEntry: true, facadeModuleId: '/repo/site/src/features/sales-this-month-counter/index.tsx', viteMetadata: { importedCss: new Set(['assets/counter-h.css']) } }),
      ],
      routes,
    );
    expect(manifest.routes['__root__']?.css).toEqual(['/assets/index-a.css', '/assets/links-f.css']);
    expect(manifest.routes['__root__']?.scripts).toEqual([{ attrs: { type: 'module', src: '/assets/index-a.js' } }]);
    expect(manifest.routes['/']).toEqual({ css: ['/assets/home-g.css', '/assets/counter-h.css'] });
  });
});

describe('routerManifestOf, CSS of parts only some routes load', () => {
  const feature = (file: string, facade: string) => chunk(`assets/${file}.js`, { isDynamicEntry: true, facadeModuleId: facade, viteMetadata: { importedCss: new Set([`assets/${file}.css`]) } });
  const COMPARE_PAGE = '/repo/site/src/features/compare/compare-page.tsx';
  const MENU = '/repo/site/src/components/layout/mobile-menu.tsx';
  const GARAGE = '/repo/site/src/features/garage/index.tsx';
  const CONTENT = '/repo/site/src/features/content/index.tsx';
  const importers: Record<string, string[]> = {
    // Only the compare route file imports the compare page.
    [COMPARE_PAGE]: [`${routes}/compare.tsx`],
    // The header's menu: every page.
    [MENU]: ['/repo/site/src/components/layout/site-header.tsx'],
    // The garage: a route file and the layout.
    [GARAGE]: [`${routes}/my-garage.tsx`, '/repo/site/src/components/layout/root-layout.tsx'],
    // A module tsr ignores (`-content`) is not a route.
    [CONTENT]: [`${routes}/-content/content-data.ts`],
  };
  const manifest = routerManifestOf(
    [
      chunk('assets/index-a.js', { isEntry: true, dynamicImports: ['assets/start-s.js'] }),
      chunk('assets/start-s.js', { isDynamicEntry: true, facadeModuleId: '/repo/site/src/app/start.tsx', dynamicImports: ['assets/compare-c.js', 'assets/menu-m.js', 'assets/garage-g.js', 'assets/content-t.js'], viteMetadata: { importedCss: new Set(['assets/start-s.css']) } }),
      feature('compare-c', COMPARE_PAGE),
      feature('menu-m', MENU),
      feature('garage-g', GARAGE),
      feature('content-t', CONTENT),
    ],
    routes,
    '/',
    (module) => importers[module] ?? [],
  );

  it('links the CSS of a part only route files load lazily on those routes, not on every page', () => {
    expect(manifest.routes['/compare']).toEqual({ css: ['/assets/compare-c.css'] });
    expect(manifest.routes['__root__']?.css).not.toContain('/assets/compare-c.css');
  });

  it('keeps on every page the CSS of a part anything else loads (the layout, the header, a module that is not a route)', () => {
    expect(manifest.routes['__root__']?.css).toEqual(['/assets/start-s.css', '/assets/menu-m.css', '/assets/garage-g.css', '/assets/content-t.css']);
    expect(manifest.routes['/my-garage']).toBeUndefined();
  });
});

describe('appStartPreloadPlugin', () => {
  it("drops Vite's preloads for the entry's own dynamic imports and keeps them for every other", () => {
    const { plugin, resolveDependencies } = appStartPreloadPlugin();
    const bundle = {
      'assets/index-a.js': { type: 'chunk', fileName: 'assets/index-a.js', isEntry: true },
      'assets/start-b.js': { type: 'chunk', fileName: 'assets/start-b.js', isEntry: false },
      'assets/index-c.css': { type: 'asset', fileName: 'assets/index-c.css' },
    };
    (plugin.generateBundle as (options: unknown, bundle: unknown) => void).call({}, {}, bundle);
    expect(resolveDependencies('assets/start-b.js', ['assets/react-d.js'], { hostId: 'assets/index-a.js' })).toEqual([]);
    expect(resolveDependencies('assets/route-e.js', ['assets/react-d.js'], { hostId: 'assets/start-b.js' })).toEqual(['assets/react-d.js']);
  });
});

describe('entryHelperPreloads', () => {
  it("lists the scripts in a built entry's preload map, not its stylesheets", () => {
    const code = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/start-a.js","assets/start-b.css"])))=>i.map(i=>d[i]);';
    expect(entryHelperPreloads(code)).toEqual(['assets/start-a.js']);
    expect(entryHelperPreloads('const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/start-b.css"])))=>i.map(i=>d[i]);')).toEqual([]);
    expect(entryHelperPreloads('console.log(1)')).toEqual([]);
  });

  it("gives a page file (build/chunking.ts) its route's CSS and that of the parts it loads, and keeps it out of the root's", () => {
    const manifest = routerManifestOf(
      [
        chunk('assets/index-a.js', { isEntry: true, dynamicImports: ['assets/start-s.js'], viteMetadata: { importedCss: new Set(['assets/index-a.css']) } }),
        chunk('assets/start-s.js', { isDynamicEntry: true, facadeModuleId: '/repo/site/src/app/start.tsx', dynamicImports: ['assets/vehicle-v.js'] }),
        // The car page's file: its component, its parts module and the parts hydrated at once; nobody's facade.
        chunk('assets/vehicle-v.js', {
          moduleIds: [`${routes}/cars/$slug.tsx?tsr-split=component`, `${routes}/cars/-vehicle-slots.ts`, '/repo/site/src/features/vehicle/vehicle-page.tsx'],
          dynamicImports: ['assets/view-counts-w.js'],
          viteMetadata: { importedCss: new Set(['assets/vehicle-v.css']) },
        }),
        chunk('assets/view-counts-w.js', { isDynamicEntry: true, facadeModuleId: '/repo/site/src/features/view-counts/index.tsx', viteMetadata: { importedCss: new Set(['assets/view-counts-w.css']) } }),
      ],
      routes,
    );
    expect(manifest.routes['__root__']?.css).toEqual(['/assets/index-a.css']);
    expect(manifest.routes['/cars/$slug']).toEqual({ css: ['/assets/vehicle-v.css', '/assets/view-counts-w.css'] });
  });

  it("finds the app's start in the start file of build/chunking.ts, which holds it without being its facade, and links its features' CSS", () => {
    const manifest = routerManifestOf(
      [
        chunk('assets/index-a.js', { isEntry: true, dynamicImports: ['assets/client-r.js', 'assets/start-s.js'], viteMetadata: { importedCss: new Set(['assets/index-a.css']) } }),
        chunk('assets/client-r.js', { moduleIds: ['/repo/node_modules/react-dom/client.js'] }),
        chunk('assets/start-s.js', {
          moduleIds: ['/repo/site/src/app/start.tsx', '/repo/site/src/components/layout/site-header.tsx'],
          imports: ['assets/client-r.js'],
          dynamicImports: ['assets/toast-t.js'],
          viteMetadata: { importedCss: new Set(['assets/start-s.css']) },
        }),
        chunk('assets/toast-t.js', { isDynamicEntry: true, facadeModuleId: '/repo/site/src/components/ui/toast-host.tsx', viteMetadata: { importedCss: new Set(['assets/toast-t.css']) } }),
      ],
      routes,
    );
    expect(manifest.routes['__root__']?.css).toEqual(['/assets/index-a.css', '/assets/start-s.css', '/assets/toast-t.css']);
  });
});

describe('inlineCssOf', () => {
  it('gives the text of every stylesheet a route links, for the page to carry in its head', () => {
    const files: Record<string, string> = { '/assets/index-a.css': ':root{--x:1}', '/assets/start-s.css': '.s{color:red}', '/assets/search-c.css': '.c{margin:0}', '/assets/unused-u.css': '.u{}' };
    const manifest = {
      routes: {
        __root__: { css: ['/assets/index-a.css', '/assets/start-s.css'], scripts: [{ attrs: { type: 'module', src: '/assets/index-a.js' } }] },
        '/search/$': { css: ['/assets/search-c.css'] },
      },
    };
    expect(inlineCssOf(manifest, (url) => files[url])).toEqual({
      styles: { '/assets/index-a.css': ':root{--x:1}', '/assets/start-s.css': '.s{color:red}', '/assets/search-c.css': '.c{margin:0}' },
    });
  });

  it('leaves a stylesheet it has no text for to its link, and gives nothing when it has none', () => {
    const manifest = { routes: { __root__: { css: ['/assets/index-a.css', '/assets/missing.css'] } } };
    expect(inlineCssOf(manifest, (url) => (url === '/assets/index-a.css' ? 'a{}' : undefined))).toEqual({ styles: { '/assets/index-a.css': 'a{}' } });
    expect(inlineCssOf(manifest, () => undefined)).toBeUndefined();
  });
});
