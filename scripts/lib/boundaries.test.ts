import { describe, expect, test } from 'vitest';
import { checkBoundaries, findCycles, importSpecifiers, siteLayerOf } from './boundaries.ts';

describe('importSpecifiers', () => {
  test('finds static, re-export, side-effect and dynamic imports', () => {
    const src = `import a from './a';\nimport type { B } from "../b";\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');`;
    expect(importSpecifiers(src)).toEqual(['./a', '../b', './c', './d.css', './e']);
  });
});

describe('checkBoundaries', () => {
  test('allows site to import schema and domain', () => {
    const v = checkBoundaries([{ file: 'site/src/routes/index.tsx', source: `import x from '../../../schema/resolve.ts'; import y from '../domain/price.ts';` }]);
    expect(v).toEqual([]);
  });
  test('forbids site importing editor or server', () => {
    const v = checkBoundaries([{ file: 'site/src/main.tsx', source: `import x from '../../editor/core/x'; import y from '../../server/app';` }]);
    expect(v.map((x) => x.rule)).toEqual(['site may not import editor', 'site may not import server']);
  });
  test('forbids schema importing site and domain importing features', () => {
    const v = checkBoundaries([
      { file: 'schema/validate.ts', source: `import x from '../site/src/domain/a';` },
      { file: 'site/src/domain/price.ts', source: `import x from '../features/compare/x';` },
    ]);
    expect(v.map((x) => x.rule)).toEqual(['schema may not import site-domain', 'site-domain may not import site']);
  });
  test('forbids one feature importing another but allows its own files', () => {
    const v = checkBoundaries([
      { file: 'site/src/features/compare/button.tsx', source: `import a from './list'; import b from '../favourites/store';` },
    ]);
    expect(v).toEqual([{ file: 'site/src/features/compare/button.tsx', specifier: '../favourites/store', rule: 'feature compare may not import feature favourites (compose them in a route)' }]);
  });
  test('keeps the renderer away from editor core', () => {
    const v = checkBoundaries([
      { file: 'editor/renderer/app.tsx', source: `import a from '../shared/workspace-api'; import b from '../core/workspace';` },
    ]);
    expect(v.map((x) => x.specifier)).toEqual(['../core/workspace']);
  });
});

describe('the layers of site/src', () => {
  test('places root files with the app, the route tree with the routes, test helpers on top', () => {
    expect(siteLayerOf('site/src/main.tsx')).toBe('app');
    expect(siteLayerOf('site/src/routeTree.gen.ts')).toBe('routes');
    expect(siteLayerOf('site/src/routes/-forms/lead-form-route.tsx')).toBe('routes');
    expect(siteLayerOf('site/src/test/render.tsx')).toBe('test');
    expect(siteLayerOf('server/app.ts')).toBeUndefined();
  });

  test('allows every import downwards: app → routes → features → components → api → lib → domain', () => {
    const v = checkBoundaries([
      { file: 'site/src/app/router.tsx', source: `import '../routeTree.gen.ts'; import '../components/layout/not-found-page.tsx';` },
      { file: 'site/src/routes/index.tsx', source: `import '../features/compare/index.tsx'; import '../lib/head.ts';` },
      { file: 'site/src/features/compare/x.tsx', source: `import '../../components/ui/toast.tsx'; import '../../api/cars/car.ts';` },
      { file: 'site/src/components/a/b.tsx', source: `import '../../api/http.ts'; import '../../lib/use-services.ts'; import '../../domain/price-display.ts';` },
      { file: 'site/src/api/http.ts', source: `import '../lib/services.ts';` },
      { file: 'site/src/lib/head.ts', source: `import '../domain/page-head.ts';` },
    ]);
    expect(v).toEqual([]);
  });

  test('refuses each upward import, naming both layers', () => {
    const v = checkBoundaries([
      { file: 'site/src/components/layout/site-footer.tsx', source: `const x = () => import('../../features/payment-logos/index.tsx');` },
      { file: 'site/src/features/special-offers/index.tsx', source: `import type { Promotion } from '../../routes/-content/offers-load.ts';` },
      { file: 'site/src/api/cars/car.ts', source: `import type { SiteServices } from '../../app/services.ts';` },
      { file: 'site/src/lib/head.ts', source: `import { x } from '../api/http.ts';` },
      { file: 'site/src/domain/price.ts', source: `import { y } from '../lib/head.ts';` },
    ]);
    expect(v.map((x) => x.rule)).toEqual([
      'site/src/components may not import site/src/features (the order is test → app → routes → features → components → api → lib → domain)',
      'site/src/features may not import site/src/routes (the order is test → app → routes → features → components → api → lib → domain)',
      'site/src/api may not import site/src/app (the order is test → app → routes → features → components → api → lib → domain)',
      'site/src/lib may not import site/src/api (the order is test → app → routes → features → components → api → lib → domain)',
      // The folder rule already keeps domain/ pure.
      'site-domain may not import site',
    ]);
  });
});

describe("the build's virtual modules", () => {
  test("only the app imports the tenant's config; a feature, a component or another folder may not, and an unknown virtual module is refused", () => {
    const order = 'test → app → routes → features → components → api → lib → domain';
    const v = checkBoundaries([
      { file: 'site/src/app/start.tsx', source: `import tenantConfig from 'virtual:tenant-config';` },
      { file: 'site/src/main.tsx', source: `import tenantConfig from 'virtual:tenant-config';` },
      { file: 'site/src/features/compare/index.tsx', source: `import tenant from 'virtual:tenant-config';` },
      { file: 'site/src/components/header.tsx', source: `const t = () => import('virtual:tenant-config');` },
      { file: 'server/app.ts', source: `import tenant from 'virtual:tenant-config';` },
      { file: 'site/src/app/x.tsx', source: `import other from 'virtual:other';` },
    ]);
    expect(v.map((x) => `${x.file}: ${x.rule}`)).toEqual([
      `site/src/features/compare/index.tsx: site/src/features may not import virtual:tenant-config, which belongs to site/src/app (the order is ${order})`,
      `site/src/components/header.tsx: site/src/components may not import virtual:tenant-config, which belongs to site/src/app (the order is ${order})`,
      "server/app.ts: virtual:tenant-config exists only in the site's bundle (site/src/app)",
      'site/src/app/x.tsx: virtual:other is not a module the build provides (list it in VIRTUAL_MODULES with its site/src layer)',
    ]);
  });
});

describe('findCycles', () => {
  test('finds a cycle through a type import and a lazy import, and only the files in it', () => {
    const cycles = findCycles([
      { file: 'site/src/routes/-content/offers-load.ts', source: `const P = () => import('../../features/special-offers/index.tsx'); import '../../lib/head.ts';` },
      { file: 'site/src/features/special-offers/index.tsx', source: `import type { Promotion } from '../../routes/-content/offers-load.ts';` },
      { file: 'site/src/lib/head.ts', source: `` },
    ]);
    expect(cycles).toEqual([['site/src/routes/-content/offers-load.ts', 'site/src/features/special-offers/index.tsx']]);
  });

  test('finds a longer cycle and a module importing itself; none in a graph without one', () => {
    const cycles = findCycles([
      { file: 'a.ts', source: `import './b.ts';` },
      { file: 'b.ts', source: `import './c.ts';` },
      { file: 'c.ts', source: `import './a.ts';` },
      { file: 'd.ts', source: `import './d.ts'; import './a.ts';` },
    ]);
    expect(cycles.map((c) => [...c].sort())).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    expect(findCycles([{ file: 'a.ts', source: `import './b.ts';` }, { file: 'b.ts', source: `import './c.ts';` }, { file: 'c.ts', source: `` }])).toEqual([]);
  });
});

