import { describe, expect, it } from 'vitest';
import { withEarlyHeadScript } from './early-head-script.ts';

const encoder = new TextEncoder();

/** A stream of `text` cut into the given chunk sizes (bytes), the last chunk taking the rest. */
function streamOf(text: string, sizes: number[] = []): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (const size of sizes) {
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  chunks.push(bytes.subarray(at));
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

const PAGE =
  '<!DOCTYPE html><html lang="en-AU"><head><meta charSet="UTF-8" nonce="abc"/><meta name="viewport" content="width=device-width"/>' +
  '<link rel="stylesheet" href="/assets/a.css" data-precedence="default"/><title>Cars – Range Road Kia</title></head><body><p>Prix · 5 €</p></body></html>';

describe('withEarlyHeadScript', () => {
  it('puts the script right after the charset declaration, before the stylesheets', async () => {
    const out = await textOf(withEarlyHeadScript(streamOf(PAGE), 'hold()', 'abc'));
    expect(out).toBe(PAGE.replace('nonce="abc"/>', 'nonce="abc"/><script nonce="abc">hold()</script>'));
    expect(out.indexOf('<script')).toBeLessThan(out.indexOf('<link rel="stylesheet"'));
  });

  it('finds the declaration across chunk boundaries, and keeps multi-byte characters cut by a chunk whole', async () => {
    const cutInCharset = PAGE.indexOf('charSet=') + 3;
    const euro = encoder.encode(PAGE).length - encoder.encode('€</p></body></html>').length + 1;
    for (const sizes of [[1, 1, 1], [cutInCharset], [cutInCharset, 20], [PAGE.indexOf('nonce="abc"/>') + 8], [euro]]) {
      const out = await textOf(withEarlyHeadScript(streamOf(PAGE, sizes), 'hold()', 'abc'));
      expect(out, `chunks ${sizes.join(',')}`).toBe(PAGE.replace('nonce="abc"/>', 'nonce="abc"/><script nonce="abc">hold()</script>'));
    }
  });

  it('passes the rest of the stream through as it comes', async () => {
    const chunks: string[] = [];
    const reader = withEarlyHeadScript(streamOf(PAGE, [60, 40, 30]), 'x').getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(new TextDecoder().decode(r.value));
    // The start is held until the declaration is complete (in the second chunk), then sent with the script.
    expect(chunks.length).toBe(3);
    expect(chunks[0]).toBe(PAGE.slice(0, 100).replace('nonce="abc"/>', 'nonce="abc"/><script>x</script>'));
    expect(chunks.slice(1).join('')).toBe(PAGE.slice(100));
  });

  it('goes after <head> in a document without a charset declaration', async () => {
    const page = '<!DOCTYPE html><html><head><title>t</title></head><body></body></html>';
    expect(await textOf(withEarlyHeadScript(streamOf(page, [5]), 'x', 'n'))).toBe(page.replace('<head>', '<head><script nonce="n">x</script>'));
  });

  it('leaves a body that is not a page untouched', async () => {
    const body = `{"message":"${'a'.repeat(20_000)}"}`;
    expect(await textOf(withEarlyHeadScript(streamOf(body, [1000, 8000, 9000]), 'x'))).toBe(body);
  });

  it('cannot be closed early by the source or broken out of by the nonce', async () => {
    const out = await textOf(withEarlyHeadScript(streamOf(PAGE), 'a("</script><b>")', 'n"><img src=x>'));
    expect(out).toContain('<script nonce="nimg src=x">a("<\\/script><b>")</script>');
  });
});
