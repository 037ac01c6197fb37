// npm run dealer-account -- <slug> --email <address> [--name <name>]
// Creates a dealer staff account on a site (or gives an existing one a new password) and prints
// the generated password once. There is no default dealer password, and no default address: an
// address anyone could guess (dealer@<site>) would give a guesser half of the sign-in, so the
// staff member's real email is asked for (docs/security.md).
import { parseArgs } from 'node:util';
import { request } from '../server/local-client.ts';
import { localDatabaseOptions, runningServer, withLocalSite } from './lib/local-server.ts';

const USAGE = 'usage: npm run dealer-account -- <slug> --email <the staff member\'s own email address> [--name <name>]';
let parsed;
try {
  parsed = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const slug = parsed.positionals[0];
if (!slug || parsed.positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
const email = parsed.values.email ?? (await askEmail());

/** Asks for the staff member's email on a terminal; elsewhere says how to pass it. */
async function askEmail(): Promise<string> {
  if (!process.stdin.isTTY) {
    console.error(`Which email should the dealer account have? Pass the staff member's own address with --email.\n${USAGE}`);
    process.exit(2);
  }
  const readline = await import('node:readline/promises');
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = (await prompt.question("The dealer staff member's email address: ")).trim();
  prompt.close();
  if (!/^[^\s@]+@[^\s@]+$/.test(answer)) {
    console.error(`Not an email address: ${answer || '(nothing typed)'}`);
    process.exit(2);
  }
  return answer;
}
const name = parsed.values.name;

function show(account: { email: string; password: string; created: boolean }): void {
  console.log(`${account.created ? 'Created' : 'Reset the password of'} dealer account ${account.email} on ${slug}.`);
  console.log(`Password (shown once, store it in a password manager): ${account.password}`);
}

const options = localDatabaseOptions();

// The embedded database admits one process: while npm start runs, ask it over loopback.
const runtime = runningServer();
if (!options.databaseUrl && runtime) {
  const r = await request(runtime.port, `${slug}.localhost:${runtime.port}`, '/api/dealer/accounts', {
    headers: { 'x-forecourt-admin-token': runtime.adminToken },
    body: { email, ...(name ? { name } : {}) },
  });
  if (r.status === 404) {
    console.error(`No tenant "${slug}" on the running server.`);
    process.exit(1);
  }
  if (r.status !== 200 && r.status !== 201) {
    console.error(`The running server answered ${r.status}: ${r.text}`);
    process.exit(1);
  }
  show(r.json as { email: string; password: string; created: boolean });
  process.exit(0);
}


// Loaded only here: asking a running server needs none of the account code.
const { createDealerAccount } = await import('../server/dealer-accounts.ts');
try {
  await withLocalSite(options, slug, async (db, site) => show(await createDealerAccount(db, site.id, email, name ?? `${site.name} sales team`)));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
