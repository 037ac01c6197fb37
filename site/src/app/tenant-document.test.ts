import { describe, expect, it } from 'vitest';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { tenantDataBlock } from '../../../schema/tenant-data-block.ts';
import { tenantFromDocument, withBodyEndBlock } from './tenant-document.ts';

const tenant = { slug: 'harbour', name: 'Harbour </script><script>alert(1)</script> Motors', leadDelivery: { routes: ['staff@harbour.example'] } } as unknown as ResolvedTenant;

async function streamed(chunks: string[], block: string): Promise<string> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(withBodyEndBlock(body, block)).text();
}

describe('the page’s tenant data block', () => {
  it('carries the tenant without where its leads go, and no label can end the element', () => {
    const block = tenantDataBlock(tenant);
    expect(block).not.toContain('staff@harbour.example');
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = block;
    expect(tenantFromDocument(document)).toEqual({ slug: 'harbour', name: 'Harbour </script><script>alert(1)</script> Motors' });
  });

  it('a page without one fails with a plain message', () => {
    document.body.innerHTML = '<p>static page</p>';
    expect(() => tenantFromDocument(document)).toThrow('this page has no #fc-tenant data block');
  });

  it('goes right before </body>, also when the tag is split between two streamed chunks', async () => {
    const page = '<html><body><main>cars</main></body></html>';
    const whole = '<html><body><main>cars</main>[BLOCK]</body></html>';
    expect(await streamed([page], '[BLOCK]')).toBe(whole);
    for (let cut = 1; cut < page.length; cut++) expect(await streamed([page.slice(0, cut), page.slice(cut)], '[BLOCK]')).toBe(whole);
    expect(await streamed(['<p>no body end'], '[BLOCK]')).toBe('<p>no body end[BLOCK]');
  });
});
