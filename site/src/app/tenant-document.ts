import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { TENANT_DATA_ID } from '../../../schema/tenant-data-block.ts';

/*
 * The browser's half of the page's tenant data block (schema/tenant-data-block.ts): reading it,
 * and writing it into a streamed server render. The block goes at the end of the body: the page
 * paints without waiting for it, and the app starts only after the page has painted (main.tsx),
 * when the whole document has been parsed.
 */

/** The tenant the page carries (browser only). Throws a plain error when the page has none. */
export function tenantFromDocument(doc: Document = document): ResolvedTenant {
  const text = doc.getElementById(TENANT_DATA_ID)?.textContent;
  if (!text) throw new Error(`this page has no #${TENANT_DATA_ID} data block: it was not served by the platform or built for one tenant`);
  return JSON.parse(text) as ResolvedTenant;
}

const encoder = new TextEncoder();
const BODY_END = encoder.encode('</body>');

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The streamed document with `block` inserted right before `</body>`, or at its end when the
 * document has none. Everything else streams through as it comes; only the last few bytes of
 * each chunk are held back, in case `</body>` is split between two chunks.
 */
export function withBodyEndBlock(body: ReadableStream<Uint8Array>, block: string): ReadableStream<Uint8Array> {
  const insert = encoder.encode(block);
  let held = new Uint8Array(0);
  let done = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (done) return controller.enqueue(chunk);
        const bytes = new Uint8Array(held.length + chunk.length);
        bytes.set(held);
        bytes.set(chunk, held.length);
        const at = lastIndexOf(bytes, BODY_END);
        if (at >= 0) {
          controller.enqueue(bytes.subarray(0, at));
          controller.enqueue(insert);
          controller.enqueue(bytes.subarray(at));
          held = new Uint8Array(0);
          done = true;
          return;
        }
        const keep = Math.min(bytes.length, BODY_END.length - 1);
        controller.enqueue(bytes.subarray(0, bytes.length - keep));
        held = bytes.slice(bytes.length - keep);
      },
      flush(controller) {
        if (done) return;
        if (held.length) controller.enqueue(held);
        controller.enqueue(insert);
      },
    }),
  );
}
