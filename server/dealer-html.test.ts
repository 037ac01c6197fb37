import { describe, expect, it } from 'vitest';
import { classifyDealerLink, dealerHtmlToRichText, normaliseRichText, normaliseUrlForCheck, richTextTagAction, sanitiseParsedHtml, type ParsedHtmlNode } from './dealer-html.ts';
import { RichTextSchema } from '../schema/api/rich-text.ts';

const OWN = ['mt-gravatt-motors.localhost'];

/** Plain text escaped as migration 004 escapes stored text: & first, then the angle brackets. */
const escapeHtmlText = (plain: string) => plain.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

describe('normaliseRichText', () => {
  it('wraps a list\'s stray content in items, turns an item outside a list into a paragraph and drops the indentation', () => {
    expect(
      normaliseRichText([
        { tag: 'ul', children: [{ text: '\n  ' }, { tag: 'li', children: [{ text: 'One' }] }, { text: 'Two' }, { tag: 'p', children: [{ text: 'Three' }] }, { text: '\n' }] },
        { tag: 'li', children: [{ text: 'Alone' }] },
      ]),
    ).toEqual([
      {
        tag: 'ul',
        children: [
          { tag: 'li', children: [{ text: 'One' }] },
          { tag: 'li', children: [{ text: 'Two' }] },
          { tag: 'li', children: [{ tag: 'p', children: [{ text: 'Three' }] }] },
        ],
      },
      { tag: 'p', children: [{ text: 'Alone' }] },
    ]);
  });
  it('drops empty blocks and gathers top-level inline content into paragraphs, keeping the spaces inside a line', () => {
    expect(
      normaliseRichText([
        { text: 'Terms: ' },
        { tag: 'strong', children: [{ text: 'while stocks last' }] },
        { text: ' ' },
        { tag: 'em', children: [{ text: 'only' }] },
        { tag: 'p', children: [{ text: '\u00a0' }] },
        { tag: 'p', children: [{ tag: 'br', children: [] }] },
        { tag: 'br', children: [] },
        { text: 'Second line' },
      ]),
    ).toEqual([
      {
        tag: 'p',
        children: [{ text: 'Terms: ' }, { tag: 'strong', children: [{ text: 'while stocks last' }] }, { text: ' ' }, { tag: 'em', children: [{ text: 'only' }] }, { tag: 'br', children: [] }, { text: 'Second line' }],
      },
    ]);
    // A paragraph's leading and trailing line breaks are layout.
    expect(normaliseRichText([{ tag: 'br', children: [] }, { text: 'Only line' }, { tag: 'br', children: [] }])).toEqual([{ tag: 'p', children: [{ text: 'Only line' }] }]);
  });
});

describe('dealerHtmlToRichText (parsed as a browser parses it)', () => {
  const pages = new Set(['/trade-in', '/contact-us']);
  const site = { ownHosts: OWN, keepInternal: (path: string) => pages.has(path.split(/[?#]/)[0]!) };
  const run = (html: string) => dealerHtmlToRichText(html, site);

  it('turns a dealer CMS article into headings, paragraphs, lists and checked links', () => {
    const html = `<h1 class="title">EOFY buying guide</h1>
      <div style="font-family:Arial"><p>Trade in <a href="/trade-in" target="_blank" onclick="track()">online</a> or
      <a href="https://mt-gravatt-motors.localhost/contact-us#hours">call us</a>.</p>
      <ul>
        <li>Check the <strong>logbook</strong></li>
        <li>Read <a href="https://www.moneysmart.gov.au/car-loans">Moneysmart</a></li>
      </ul><p>&nbsp;</p></div>`;
    expect(run(html)).toEqual([
      { tag: 'h2', children: [{ text: 'EOFY buying guide' }] },
      {
        tag: 'p',
        children: [
          { text: 'Trade in ' },
          { tag: 'a', attrs: { href: '/trade-in' }, children: [{ text: 'online' }] },
          { text: ' or\n      ' },
          { tag: 'a', attrs: { href: '/contact-us#hours' }, children: [{ text: 'call us' }] },
          { text: '.' },
        ],
      },
      {
        tag: 'ul',
        children: [
          { tag: 'li', children: [{ text: 'Check the ' }, { tag: 'strong', children: [{ text: 'logbook' }] }] },
          { tag: 'li', children: [{ text: 'Read ' }, { tag: 'a', attrs: { href: 'https://www.moneysmart.gov.au/car-loans', external: true }, children: [{ text: 'Moneysmart' }] }] },
        ],
      },
    ]);
  });

  it('leaves nothing that runs: scripts, handlers, javascript: links however spelt, svg, frames and forms', () => {
    const vectors = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)><script>alert(1)</script></svg>',
      '<a href="jav&#x09;ascript:alert(1)">a</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">b</a>',
      '<a href=" javascript:alert(1)">c</a>',
      '<a href="data:text/html,<script>alert(1)</script>">d</a>',
      '<a href="//evil.example/">e</a>',
      '<a href="https://user:pw@evil.example/">f</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name=q><button>Go</button></form>',
      '<math><mi xlink:href="javascript:alert(1)">g</mi></math>',
      '<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">h</p>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<style>body{display:none}</style><template><script>alert(1)</script></template>',
      '<object data="x.swf"></object><embed src="x.swf">',
    ];
    const out = vectors.map(run);
    // Markup split to slip past a filter comes out as harmless text (React escapes it).
    expect(run('<scr<script>ipt>alert(1)</scr</script>ipt>')).toEqual([{ tag: 'p', children: [{ text: 'ipt>alert(1)ipt>' }] }]);
    const json = JSON.stringify(out);
    expect(json).not.toMatch(/alert|javascript|evil|onerror|onload|style|script/i);
    // Links kept are only the checked kinds; the text of a refused link stays.
    expect(json).not.toContain('"attrs"');
    expect(out[3]).toEqual([{ tag: 'p', children: [{ text: 'a' }] }]);
    expect(out[12]).toEqual([{ tag: 'p', children: [{ text: 'h' }] }]);
    for (const tree of out) expect(RichTextSchema.safeParse(tree).success).toBe(true);
  });

  it('reads unclosed and misnested markup as a browser would, and plain text as one paragraph', () => {
    expect(run('<p>One<p>Two<ul><li>A<li>B</ul>')).toEqual([
      { tag: 'p', children: [{ text: 'One' }] },
      { tag: 'p', children: [{ text: 'Two' }] },
      { tag: 'ul', children: [{ tag: 'li', children: [{ text: 'A' }] }, { tag: 'li', children: [{ text: 'B' }] }] },
    ]);
    expect(run('Finance subject to approval & fees apply; 1 < 2.')).toEqual([{ tag: 'p', children: [{ text: 'Finance subject to approval & fees apply; 1 < 2.' }] }]);
    expect(run('')).toEqual([]);
  });

  it('escapes plain text so it reads back as the same text', () => {
    const text = 'Save <$2,000> & more';
    expect(run(escapeHtmlText(text))).toEqual([{ tag: 'p', children: [{ text }] }]);
  });
});
