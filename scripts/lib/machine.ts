import fs from 'node:fs';
import os from 'node:os';

/*
 * What a benchmark ran on, printed beside its figures so that runs on different machines (or on
 * one machine under different load) can be told apart. The browser figures once moved from
 * "every search page misses" to "every page meets its aims" with
 * the same code, on a different machine of the same kind: without this line the two runs could
 * not be compared.
 */

/** The aggregate CPU line of /proc/stat, in clock ticks since boot. */
export interface CpuTimes {
  busy: number;
  idle: number;
  /** Time the hypervisor gave this machine's virtual CPUs to someone else. */
  steal: number;
}

/** Reads the first (`cpu `) line of a /proc/stat text; null when there is none (not Linux). */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const line = stat.split('\n').find((row) => row.startsWith('cpu '));
  if (!line) return null;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

/** A file of Linux's /proc, or '' where there is none (another system). */
function readProc(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** This machine's CPU times now, or null off Linux. */
export function readCpuTimes(): CpuTimes | null {
  return parseCpuTimes(readProc('/proc/stat'));
}

/** How busy the machine's CPUs were between two readings, and how much of their time was stolen, as fractions. */
export function cpuShares(before: CpuTimes, after: CpuTimes): { busy: number; steal: number } {
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const total = busy + steal + (after.idle - before.idle);
  return total > 0 ? { busy: busy / total, steal: steal / total } : { busy: 0, steal: 0 };
}

/** "42 % busy, 0.1 % stolen" for an interval. */
export function formatShares(shares: { busy: number; steal: number }): string {
  return `${(shares.busy * 100).toFixed(0)} % busy, ${(shares.steal * 100).toFixed(1)} % stolen by the hypervisor`;
}

/**
 * A fixed piece of single-threaded JavaScript (building, serialising and parsing a 4,000-car
 * result list 40 times), timed: the speed of one core as script sees it. The fastest of three,
 * so that it is the core's speed, not whatever else ran meanwhile. Pages' main-thread tasks
 * scale with it; compare it before comparing two runs' blocking times.
 */
export function referenceWorkMs(): number {
  return Math.min(referenceRound(), referenceRound(), referenceRound());
}

function referenceRound(): number {
  const cars = Array.from({ length: 4000 }, (_, i) => ({ id: `car-${i}`, make: ['Kia', 'Toyota', 'Mazda'][i % 3], price: 20000 + ((i * 7919) % 50000), km: (i * 104729) % 200000, features: ['Bluetooth', 'Reversing camera', `Option ${i % 17}`] }));
  const started = performance.now();
  let checksum = 0;
  for (let round = 0; round < 40; round++) {
    const parsed = JSON.parse(JSON.stringify(cars.map((car) => ({ ...car, price: car.price + round })))) as { price: number }[];
    checksum += parsed.reduce((sum, car) => sum + car.price, 0);
  }
  const ms = performance.now() - started;
  if (checksum <= 0) throw new Error('reference work went wrong');
  return ms;
}

/** The clock Linux reports in /proc/cpuinfo, where Node's os.cpus() says 0 (some virtual machines). */
function cpuinfoMhz(): number {
  const match = /^cpu MHz\s*:\s*([\d.]+)/m.exec(readProc('/proc/cpuinfo'));
  return match ? Math.round(Number(match[1])) : 0;
}

/** "2 × AMD EPYC @ 2596 MHz, load 1.62 / 1.25 / 0.58, Node v20.20.2". */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const speed = cpus[0]?.speed || cpuinfoMhz();
  const mhz = speed ? ` @ ${speed} MHz` : '';
  const load = os.loadavg().map((figure) => figure.toFixed(2)).join(' / ');
  return `${cpus.length} × ${model}${mhz}, load ${load}, Node ${process.version}`;
}
