// `npx tsx scripts/cpu-profile-summary.ts <file.cpuprofile>… [--top N]`: where a CPU profile's time
// went, without DevTools: self time by function and by script (node --cpu-prof, or the page
// profile `npm run bench -- editor` writes with EDITOR_BENCH_PROFILE).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
// The value after --top is not a file (without --top, every argument is one).
const files = args.filter((a, i) => !a.startsWith('--') && (topAt < 0 || i !== topAt + 1));

/** A script's short name: node_modules package or the repository path. */
const shortUrl = (url: string) => {
  const clean = url.replace(/^file:\/\//, '').replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const m = /(?:\/work\/[^/]+(?:\/[^/]+)?|https?:\/\/[^/]+)\/(.*)$/.exec(clean);
  return m ? m[1]! : clean || '(native)';
};

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = (profile.endTime - profile.startTime) / 1000;
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const script = shortUrl(url);
    const name = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us / 1000);
    byScript.set(script, (byScript.get(script) ?? 0) + us / 1000);
  }
  const idle = [...byFunction].filter(([n]) => /^\(idle\)|^\(program\)/.test(n)).reduce((s, [, ms]) => s + ms, 0);
  console.log(`\n${file}: ${total.toFixed(0)} ms profiled, ${(total - idle).toFixed(0)} ms busy`);
  const print = (title: string, map: Map<string, number>) => {
    console.log(`  ${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${ms.toFixed(1).padStart(9)} ms  ${name}`);
  };
  print('self time by script', byScript);
  print('self time by function', byFunction);
}
