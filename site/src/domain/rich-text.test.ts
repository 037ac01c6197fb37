import { describe, expect, it } from 'vitest';
import { richTextToPlainText } from './rich-text.ts';

describe('richTextToPlainText', () => {
  it('joins blocks with a space for card teasers', () => {
    expect(
      richTextToPlainText([
        { tag: 'h2', children: [{ text: 'EOFY' }] },
        { tag: 'p', children: [{ text: 'Save ' }, { tag: 'strong', children: [{ text: '$2,000' }] }, { text: ' now.' }] },
      ]),
    ).toBe('EOFY Save $2,000 now.');
  });
  it('reads a line break and list items as spaces and runs links and emphasis on inside a line', () => {
    expect(
      richTextToPlainText([
        { tag: 'p', children: [{ text: 'Call' }, { tag: 'br', children: [] }, { tag: 'a', attrs: { href: '/contact-us' }, children: [{ text: 'us' }] }, { text: 'today.' }] },
        { tag: 'ul', children: [{ tag: 'li', children: [{ text: 'One' }] }, { tag: 'li', children: [{ text: 'Two' }] }] },
      ]),
    ).toBe('Call ustoday. One Two');
  });
});

