import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { typicalRequest } from '../server/search/bench.ts';
import { createSearchService } from '../server/search/service.ts';
import { generateSearchRecords } from '../server/search/test-records.ts';

/*
 * CPU profile of the search bench's request mix, warm (JIT done, columns built), for Chrome
 * DevTools or `npx speedscope`:
 *   npx tsx scripts/bench-search-profile.ts [cars=100000] [out=search.cpuprofile]
 */

const cars = Number(process.argv[2] ?? 100_000);
const out = process.argv[3] ?? 'search.cpuprofile';
const service = createSearchService();
service.setRecords('bench', generateSearchRecords(cars, 42));
service.index('bench');
const run = (i: number) => service.handle('bench', 'POST', '/1/indexes/*/queries', typicalRequest(i), {}).text?.();
for (let i = 0; i < 400; i += 1) run(i);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const started = performance.now();
for (let i = 0; i < 3000; i += 1) run(i + 1000);
const mean = (performance.now() - started) / 3000;
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync(out, JSON.stringify(profile));
console.log(`${cars.toLocaleString('en-AU')} cars: mean ${mean.toFixed(3)} ms per multi-query while profiling; profile written to ${out}`);
