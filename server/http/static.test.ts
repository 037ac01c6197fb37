import { expect, test } from 'vitest';
import { chooseEncoding } from './static.ts';

test('compression prefers brotli, then gzip, honouring q=0', () => {
  expect(chooseEncoding('gzip, deflate, br')).toBe('br');
  expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
  expect(chooseEncoding('identity')).toBeNull();
  expect(chooseEncoding(undefined)).toBeNull();
});
