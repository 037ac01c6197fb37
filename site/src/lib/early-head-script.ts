/*
 * The input-holding script (lib/hydration-replay.ts) goes at the very top of the document's
 * head, right after the charset declaration, where React cannot put it: React writes the
 * stylesheets of the page first in the head and a route's scripts after them. A script after a
 * stylesheet stops the HTML parser until that stylesheet has loaded, so the page's body was
 * parsed only once all its CSS was in, and its first paint waited for that parsing. Before the
 * stylesheets, the script runs at once and the body is parsed while the CSS loads.
 */

const encoder = new TextEncoder();
const CHARSET = encoder.encode('<meta charSet=');
const HEAD = encoder.encode('<head>');
const TAG_END = '>'.charCodeAt(0);
/** How much of the document is searched for the charset declaration (React writes it first). */
const SEARCH_LIMIT = 16 * 1024;

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Where the script goes: after the charset `<meta>`; once no more of the document is searched
 * (`last`), after `<head>`. -1 for not (yet) found.
 */
function insertionPoint(bytes: Uint8Array, last: boolean): number {
  const charset = indexOf(bytes, CHARSET);
  if (charset >= 0) {
    const end = bytes.indexOf(TAG_END, charset);
    if (end >= 0) return end + 1;
  }
  if (!last) return -1;
  const head = indexOf(bytes, HEAD);
  return head < 0 ? -1 : head + HEAD.length;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * The streamed document with `scriptSource` in an inline `<script>` (with the CSP nonce) right
 * after the head's charset declaration, or after `<head>` when there is none. The rest of the
 * stream passes through untouched. A document with neither in its first 16 KB (not a page
 * React rendered) passes through unchanged.
 */
export function withEarlyHeadScript(body: ReadableStream<Uint8Array>, scriptSource: string, nonce?: string): ReadableStream<Uint8Array> {
  const tag = encoder.encode(`<script${nonce ? ` nonce="${nonce.replace(/[&"<>]/g, '')}"` : ''}>${scriptSource.replace(/<\/script/gi, '<\\/script')}</script>`);
  /** The start of the document, held until the script's place is found; null once it is sent. */
  let pending: Uint8Array | null = new Uint8Array(0);
  const release = (controller: TransformStreamDefaultController<Uint8Array>, last: boolean) => {
    if (!pending) return;
    const at = insertionPoint(pending, last || pending.length >= SEARCH_LIMIT);
    if (at >= 0) controller.enqueue(concat(concat(pending.subarray(0, at), tag), pending.subarray(at)));
    else if (last || pending.length >= SEARCH_LIMIT) controller.enqueue(pending);
    else return;
    pending = null;
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!pending) return controller.enqueue(chunk);
        pending = concat(pending, chunk);
        release(controller, false);
      },
      flush(controller) {
        release(controller, true);
      },
    }),
  );
}
