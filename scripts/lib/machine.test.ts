import { describe, expect, it } from 'vitest';
import { cpuShares, describeMachine, formatShares, parseCpuTimes } from './machine.ts';

// A /proc/stat as Linux writes it: user nice system idle iowait irq softirq steal guest guest_nice.
const stat = (user: number, idle: number, steal: number) => `cpu  ${user} 10 200 ${idle} 40 0 5 ${steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 123\n`;

describe('parseCpuTimes', () => {
  it('adds the busy columns, the idle and I/O-wait columns, and keeps steal apart', () => {
    expect(parseCpuTimes(stat(1000, 5000, 7))).toEqual({ busy: 1000 + 10 + 200 + 0 + 5, idle: 5000 + 40, steal: 7 });
  });

  it('has nothing for a text without the aggregate line', () => {
    expect(parseCpuTimes('cpu0 1 2 3 4\n')).toBeNull();
  });
});

describe('cpuShares', () => {
  it('gives the busy and stolen shares of the interval', () => {
    const before = parseCpuTimes(stat(1000, 5000, 0))!;
    // 300 ticks busy, 90 idle, 10 stolen: 400 ticks in all.
    const after = parseCpuTimes(stat(1300, 5090, 10))!;
    expect(cpuShares(before, after)).toEqual({ busy: 0.75, steal: 0.025 });
    expect(formatShares(cpuShares(before, after))).toBe('75 % busy, 2.5 % stolen by the hypervisor');
  });

  it('is zero for an empty interval', () => {
    const same = parseCpuTimes(stat(1, 1, 1))!;
    expect(cpuShares(same, same)).toEqual({ busy: 0, steal: 0 });
  });
});

describe('describeMachine', () => {
  it('names the cores, the load and Node', () => {
    expect(describeMachine()).toMatch(/^\d+ × .+, load \d+\.\d\d \/ \d+\.\d\d \/ \d+\.\d\d, Node v\d+/);
  });
});
