import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { HttpError } from './core.ts';
import { assertSameOriginJson, findBadText, isLoopbackOrigin, MAX_JSON_DEPTH, parseJsonBody } from './input-guard.ts';

const req = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as IncomingMessage;
const status = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as HttpError).status;
  }
};

describe('input guard', () => {
  test('JSON deeper than the limit is refused before parsing; brackets inside strings do not count', () => {
    expect(parseJsonBody(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeInstanceOf(Array);
    expect(status(() => parseJsonBody(`${'['.repeat(10_000)}${']'.repeat(10_000)}`))).toBe(400);
    expect(parseJsonBody(JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\\' }))).toEqual({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\\' });
    expect(status(() => parseJsonBody('{"a":'))).toBe(400);
  });

  test('NUL and lone surrogates are found with their path; pairs are fine', () => {
    expect(findBadText({ a: [{ b: 'x\u0000' }] })).toEqual({ path: 'a.0.b', message: 'must not contain NUL characters' });
    expect(findBadText({ m: 'x\ud800' })?.path).toBe('m');
    expect(findBadText({ m: '\udc00x' })?.path).toBe('m');
    expect(findBadText({ m: 'car 🚗 ok' })).toBeUndefined();
  });

  test('state changes need same-origin JSON; reads are not checked', () => {
    const own = ['http://a.localhost:1'];
    expect(status(() => assertSameOriginJson(req('POST', { origin: 'http://a.localhost:1', 'content-type': 'application/json', 'content-length': '2' }), own))).toBe('ok');
    expect(status(() => assertSameOriginJson(req('POST', { origin: 'http://evil.example', 'content-type': 'application/json' }), own))).toBe(403);
    expect(status(() => assertSameOriginJson(req('POST', { 'content-type': 'text/plain', 'content-length': '2' }), own))).toBe(415);
    expect(status(() => assertSameOriginJson(req('DELETE', { 'sec-fetch-site': 'cross-site' }), own))).toBe(403);
    expect(status(() => assertSameOriginJson(req('GET', { origin: 'http://evil.example' }), own))).toBe('ok');
    expect(status(() => assertSameOriginJson(req('POST', { origin: 'http://127.0.0.1:5199' }), own, isLoopbackOrigin))).toBe('ok');
    expect(isLoopbackOrigin('http://127.0.0.1.evil.example')).toBe(false);
  });
});
