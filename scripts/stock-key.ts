// npm run stock:key -- <slug> create [--name <what it is for>] | list | revoke <id>
// API keys a dealer's stock system uses to PUT its feed to /api/dealer/stock. A new key is
// printed once; only its hash is stored.
import { parseArgs } from 'node:util';
import { request } from '../server/local-client.ts';
import { createApiKey, KEY_NAME_LENGTH, KeyRefused, listApiKeys, revokeApiKey } from '../server/stock/api-keys.ts';
import { localDatabaseOptions, runningServer, withLocalSite } from './lib/local-server.ts';

const USAGE = 'usage: npm run stock:key -- <slug> create [--name <what it is for>] | list | revoke <id>';
let parsed;
try {
  parsed = parseArgs({ options: { name: { type: 'string' } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [slug, action, idText] = parsed.positionals;
const id = idText === undefined ? undefined : Number(idText);
if (!slug || !['create', 'list', 'revoke'].includes(action ?? '') || (action === 'revoke') !== (id !== undefined) || (id !== undefined && !(Number.isInteger(id) && id > 0))) {
  console.error(USAGE);
  process.exit(2);
}
const name = (parsed.values.name ?? "Dealer's stock system").trim();
if (name.length === 0 || name.length > KEY_NAME_LENGTH) {
  console.error(`--name: give 1 to ${KEY_NAME_LENGTH} characters.\n${USAGE}`);
  process.exit(2);
}

type KeyInfo = { id: number; name: string; prefix: string; created_at: string | Date; last_used_at: string | Date | null; revoked_at: string | Date | null };
function print(result: { created?: { id: number; key: string }; keys?: KeyInfo[]; revoked?: number }): void {
  if (result.created) {
    console.log(`Created stock API key ${result.created.id} for ${slug}. Send it as "Authorization: Bearer <key>" to PUT /api/dealer/stock.`);
    console.log(`Key (shown once, store it in the dealer's stock system): ${result.created.key}`);
  }
  for (const k of result.keys ?? []) console.log(`${k.id}\t${k.prefix}…\t${k.name}\t${k.revoked_at ? `revoked ${new Date(k.revoked_at).toISOString()}` : 'live'}\tlast used ${k.last_used_at ? new Date(k.last_used_at).toISOString() : 'never'}`);
  if (result.revoked) console.log(`Revoked stock API key ${result.revoked} of ${slug}.`);
}

const options = localDatabaseOptions();
const server = runningServer();
if (!options.databaseUrl && server) {
  const headers = { 'x-forecourt-admin-token': server.adminToken };
  const host = `${slug}.localhost:${server.port}`;
  const r = action === 'create'
    ? await request(server.port, host, '/api/dealer/stock-keys', { headers, body: { name } })
    : action === 'list'
      ? await request(server.port, host, '/api/dealer/stock-keys', { headers })
      : await request(server.port, host, `/api/dealer/stock-keys/${id}`, { method: 'DELETE', headers });
  if (r.status >= 300) {
    console.error(r.status === 404 && !r.json?.error?.includes('key') ? `No tenant "${slug}" on the running server.` : `The running server answered ${r.status}: ${r.json?.error ?? r.text}`);
    process.exit(1);
  }
  print(action === 'create' ? { created: r.json } : r.json);
  process.exit(0);
}

await withLocalSite(options, slug, async (db, site) => {
  if (action === 'create') {
    try {
      print({ created: await createApiKey(db, site.id, name) });
    } catch (error) {
      if (!(error instanceof KeyRefused)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
  }
  else if (action === 'list') print({ keys: await listApiKeys(db, site.id) });
  else if (await revokeApiKey(db, site.id, id!, new Date())) print({ revoked: id! });
  else {
    console.error(`No live stock API key ${id} on ${slug}.`);
    process.exitCode = 1;
  }
});
