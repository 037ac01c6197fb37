// A render thread (server/http/render-pool.ts): renders the pages the server's thread hands it
// with the tenants' server entries, so a render never holds the thread that answers the API,
// files, search and kept pages. Searches go back to the server's thread (the engine lives
// there); API calls go over loopback. Each entry is imported once per thread; a rebuilt bundle
// is a new URL, and the pool retires a thread that holds an old one. Plain JavaScript so any
// runner can start it.
import { parentPort } from 'node:worker_threads';
import { importEntry, renderAnswer } from './render-core.mjs';

const port = parentPort;
/** Import URL → the entry module (a failed import is tried again next time). */
const entries = new Map();
/** Search number → the render waiting for its answer. */
const searches = new Map();
/** Job → its abort controller (the shopper went away). */
const aborts = new Map();
let nextSearch = 1;

function entryOf(spec) {
  let promise = entries.get(spec.url);
  if (!promise) {
    promise = importEntry(spec);
    entries.set(spec.url, promise);
    promise.catch(() => entries.delete(spec.url));
  }
  return promise;
}

function message(error) {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

port.on('message', async (msg) => {
  if (msg.type === 'search') {
    const waiting = searches.get(msg.seq);
    searches.delete(msg.seq);
    if (msg.error) waiting?.reject(new Error(msg.error));
    else waiting?.resolve({ content: msg.content, status: msg.status });
    return;
  }
  if (msg.type === 'abort') {
    aborts.get(msg.id)?.abort(new Error('client went away'));
    return;
  }
  if (msg.type === 'preload') {
    for (const spec of msg.entries) entryOf(spec).catch(() => {});
    return;
  }
  if (msg.type !== 'render') return;
  const { id } = msg;
  let entry;
  try {
    entry = await entryOf(msg.entry);
  } catch (error) {
    port.postMessage({ type: 'done', id, error: { kind: 'load', message: message(error) } });
    return;
  }
  const abort = new AbortController();
  aborts.set(id, abort);
  try {
    const search = (request) =>
      new Promise((resolve, reject) => {
        const seq = nextSearch++;
        searches.set(seq, { resolve, reject });
        port.postMessage({ type: 'search', id, seq, request });
      });
    const answer = await renderAnswer(entry, msg.input, search, abort.signal);
    // Copied, not transferred: a small Buffer's memory is Node's shared pool.
    port.postMessage({ type: 'done', id, answer });
  } catch (error) {
    port.postMessage({ type: 'done', id, error: { kind: 'render', message: message(error) } });
  } finally {
    aborts.delete(id);
  }
});
