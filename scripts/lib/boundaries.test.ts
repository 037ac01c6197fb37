import { describe, expect, test } from 'vitest';
import { checkBoundaries, importSpecifiers } from './boundaries.ts';

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
