// `npx tsx scripts/cpu-profile-summary.ts <file.cpuprofile>… [--top N]`: where a CPU profile's time
// went, without DevTools: self time by function and by script (node --cpu-prof, or the page
// profile `npm run bench -- editor` writes with EDITOR_BENCH_PROFILE). A sampling heap profile
// (`.heapprofile`, as `npm run bench -- stock` writes with STOCK_BENCH_HEAP) is summarised the
// same way, in bytes allocated and still alive, by the function that allocated them.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface HeapProfileNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapProfileNode[];
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

/** A frame's name as both summaries print it. */
const frameName = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) => `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;

const print = (title: string, map: Map<string, number>, unit: (value: number) => string) => {
  console.log(`  ${title}`);
  for (const [name, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${unit(value).padStart(12)}  ${name}`);
};

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const inMs = (value: number) => `${value.toFixed(1)} ms`;

/** A sampling heap profile: bytes still alive, by the function and script that allocated them. */
function summariseHeap(file: string, head: HeapProfileNode): void {
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  let total = 0;
  const visit = (node: HeapProfileNode) => {
    if (node.selfSize > 0) {
      total += node.selfSize;
      const name = frameName(node.callFrame);
      byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
      const script = shortUrl(node.callFrame.url);
      byScript.set(script, (byScript.get(script) ?? 0) + node.selfSize);
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  console.log(`\n${file}: ${mb(total)} sampled`);
  print('bytes by script', byScript, mb);
  print('bytes by allocating function', byFunction, mb);
}

for (const file of files) {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile | { head: HeapProfileNode };
  if ('head' in parsed) {
    summariseHeap(file, parsed.head);
    continue;
  }
  const profile = parsed;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = (profile.endTime - profile.startTime) / 1000;
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id)!;
    const script = shortUrl(callFrame.url);
    const name = frameName(callFrame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us / 1000);
    byScript.set(script, (byScript.get(script) ?? 0) + us / 1000);
  }
  const idle = [...byFunction].filter(([n]) => /^\(idle\)|^\(program\)/.test(n)).reduce((s, [, ms]) => s + ms, 0);
  console.log(`\n${file}: ${total.toFixed(0)} ms profiled, ${(total - idle).toFixed(0)} ms busy`);
  print('self time by script', byScript, inMs);
  print('self time by function', byFunction, inMs);
}
