import { describe, expect, it } from 'vitest';
import { classifyDealerLink, normaliseUrlForCheck, richTextTagAction, richTextToPlainText, sanitiseParsedHtml, type ParsedHtmlNode } from './dealer-html.ts';
import { RichTextSchema } from '../schema/api/rich-text.ts';

const OWN = ['mt-gravatt-motors.localhost'];

describe('richTextTagAction', () => {
  it('drops script, style, svg, math, iframe, object and form with their content', () => {
    for (const tag of ['script', 'STYLE', 'svg', 'math', 'iframe', 'object', 'form', 'template']) {
      expect(richTextTagAction(tag)).toBe('drop');
    }
  });
  it('maps h1 to h2 because the page owns its h1', () => {
    expect(richTextTagAction('H1')).toBe('h2');
    expect(richTextTagAction('h6')).toBe('h4');
  });
  it('keeps allowlisted tags and unwraps unknown ones so their text stays', () => {
    expect(richTextTagAction('strong')).toBe('strong');
    expect(richTextTagAction('a')).toBe('a');
    expect(richTextTagAction('div')).toBe('unwrap');
    expect(richTextTagAction('span')).toBe('unwrap');
    expect(richTextTagAction('img')).toBe('unwrap');
  });
});

describe('normaliseUrlForCheck', () => {
  it('decodes numeric and named references and strips whitespace', () => {
    expect(normaliseUrlForCheck('&#106;ava&#x73;cript&colon;alert(1)')).toBe('javascript:alert(1)');
    expect(normaliseUrlForCheck('  java\tscr\nipt:x')).toBe('javascript:x');
  });
});

describe('classifyDealerLink', () => {
  it.each([
    'javascript:alert(1)',
    '  JaVaScRiPt:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    'jav&#x0A;ascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'http://example.com/',
    '//evil.example/',
    '/\\evil.example/',
    'mailto:sales@example.com',
    'relative/page',
    '',
  ])('refuses %j', (href) => {
    expect(classifyDealerLink(href, OWN)).toEqual({ kind: 'refused' });
  });
  it('keeps internal paths for the caller to check', () => {
    expect(classifyDealerLink('/special-offers?x=1#terms', OWN)).toEqual({
      kind: 'internal',
      path: '/special-offers?x=1#terms',
    });
    expect(classifyDealerLink('https://MT-GRAVATT-MOTORS.localhost/search', OWN)).toEqual({
      kind: 'internal',
      path: '/search',
    });
  });
  it('keeps https links to other sites', () => {
    expect(classifyDealerLink('https://www.transport.qld.gov.au/registration', OWN)).toEqual({
      kind: 'external',
      href: 'https://www.transport.qld.gov.au/registration',
    });
    expect(classifyDealerLink('https://user:pw@example.com/', OWN)).toEqual({ kind: 'refused' });
  });
});

describe('RichTextSchema', () => {
  it('accepts a nested tree and names the bad field otherwise', () => {
    const tree = [{ tag: 'p', children: [{ text: 'Hi ' }, { tag: 'a', attrs: { href: '/search' }, children: [{ text: 'stock' }] }] }];
    expect(RichTextSchema.parse(tree)).toEqual(tree);
    const bad = RichTextSchema.safeParse([{ tag: 'script', children: [] }]);
    expect(bad.success).toBe(false);
  });
});

const el = (name: string, attrs: Record<string, string>, ...children: ParsedHtmlNode[]): ParsedHtmlNode => ({ kind: 'element', name, attrs, children });
const tx = (value: string): ParsedHtmlNode => ({ kind: 'text', value });

describe('sanitiseParsedHtml', () => {
  const pages = new Set(['/search', '/special-offers']);
  const run = (nodes: ParsedHtmlNode[]) => sanitiseParsedHtml(nodes, OWN, (path) => pages.has(path.split(/[?#]/)[0]!));

  it('drops script, style, svg and math with their content, and comments', () => {
    expect(
      run([
        el('p', {}, tx('Hello'), el('script', {}, tx('alert(1)')), { kind: 'comment' }),
        el('style', {}, tx('p{}')),
        el('svg', { onload: 'alert(1)' }, el('script', {}, tx('x'))),
        el('math', {}, tx('m')),
      ]),
    ).toEqual([{ tag: 'p', children: [{ text: 'Hello' }] }]);
  });
  it('keeps the text of nested disallowed tags and strips every attribute but a link href', () => {
    expect(run([el('div', { class: 'x', style: 'color:red' }, el('p', { onclick: 'x' }, el('span', {}, tx('Kept'))))])).toEqual([
      { tag: 'p', children: [{ text: 'Kept' }] },
    ]);
    expect(run([el('img', { src: 'x', onerror: 'alert(1)' })])).toEqual([]);
  });
  it('maps h1 to h2 and keeps real, external and refused links as the house rule says', () => {
    expect(
      run([
        el('h1', {}, tx('Title')),
        el('a', { href: '/search?make=Toyota', onmouseover: 'x' }, tx('Stock')),
        el('a', { href: '/nowhere' }, tx('Dead')),
        el('a', { href: '  JaVaScRiPt:alert(1)' }, tx('Bad')),
        el('a', { href: 'https://www.racq.com.au/' }, tx('RACQ')),
      ]),
    ).toEqual([
      { tag: 'h2', children: [{ text: 'Title' }] },
      { tag: 'a', attrs: { href: '/search?make=Toyota' }, children: [{ text: 'Stock' }] },
      { text: 'Dead' },
      { text: 'Bad' },
      { tag: 'a', attrs: { href: 'https://www.racq.com.au/', external: true }, children: [{ text: 'RACQ' }] },
    ]);
  });
});

describe('richTextToPlainText', () => {
  it('joins blocks with a space for card teasers', () => {
    expect(
      richTextToPlainText([
        { tag: 'h2', children: [{ text: 'EOFY' }] },
        { tag: 'p', children: [{ text: 'Save ' }, { tag: 'strong', children: [{ text: '$2,000' }] }, { text: ' now.' }] },
      ]),
    ).toBe('EOFY Save $2,000 now.');
  });
});
