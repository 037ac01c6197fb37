import { afterEach, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { RichText } from './rich-text.tsx';

afterEach(cleanup);

it('renders headings, lists and links of a sanitised tree; a link to a page the tenant lacks keeps only its text', async () => {
  const { container } = renderWithApp(
    <RichText
      nodes={[
        { tag: 'h2', children: [{ text: 'Registration in Queensland' }] },
        { tag: 'ul', children: [{ tag: 'li', children: [{ tag: 'strong', children: [{ text: '12 months rego' }] }] }] },
        {
          tag: 'p',
          children: [
            { text: 'Browse ' },
            { tag: 'a', attrs: { href: '/contact-us' }, children: [{ text: 'our team' }] },
            { text: ', ' },
            { tag: 'a', attrs: { href: '/news' }, children: [{ text: 'dead link' }] },
            { text: ' or ' },
            { tag: 'a', attrs: { href: 'https://www.transport.qld.gov.au/', external: true }, children: [{ text: 'TMR' }] },
            { text: '<script>alert(1)</script>' },
          ],
        },
      ]}
    />,
    { tenant: tenantFixture(), pages: ['/', '/contact-us'] },
  );
  expect(await screen.findByRole('heading', { level: 2, name: 'Registration in Queensland' })).toBeTruthy();
  expect(screen.getByRole('listitem').textContent).toBe('12 months rego');
  expect(screen.getByRole('link', { name: 'our team' }).getAttribute('href')).toBe('/contact-us');
  expect(screen.queryByRole('link', { name: 'dead link' })).toBeNull();
  expect(screen.getByText('dead link')).toBeTruthy();
  const external = screen.getByRole('link', { name: /^TMR\s*\(opens in a new tab\)$/ });
  expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  expect(container.querySelector('script')).toBeNull();
  expect(container.textContent).toContain('<script>alert(1)</script>');
});
