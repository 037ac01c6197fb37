// npm run stock:photos [-- --port 8090]
// Serves the sample feeds' photos (fixtures/stock/photos/) at http://127.0.0.1:<port>/photos/,
// standing in for a dealer's photo host when you try the stock import on this machine
// (README: "Import a dealer's stock"). Start the server with STOCK_PHOTOS_ALLOW_PRIVATE=1 so it
// may download from this machine.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './lib/tenants.ts';

const { values } = parseArgs({ options: { port: { type: 'string' } }, strict: true });
const port = Number(values.port ?? 8090);
const dir = path.join(REPO_ROOT, 'fixtures', 'stock', 'photos');
http
  .createServer((req, res) => {
    const name = /^\/photos\/([a-z0-9-]+\.jpg)$/.exec(req.url ?? '')?.[1];
    const file = name ? path.join(dir, name) : null;
    if (!file || !fs.existsSync(file)) return res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(file));
  })
  .listen(port, '127.0.0.1', () => console.log(`Sample stock photos at http://127.0.0.1:${port}/photos/ (Ctrl+C to stop)`));
