import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders test files so the long ones start first and the short ones fill in around them.
 *
 * Vitest's own order runs the projects one after another and, without a timing cache (a fresh
 * clone, CI), larger files first. A small file that starts a server or the TypeScript compiler
 * then ends up last, running alone for half a minute while the other worker has nothing to do.
 * Here the files' last durations decide where the cache has them; otherwise a file that starts a
 * server, a child process, a build or a TypeScript program over the repo counts as long, the rest by size.
 */
const STARTS_SOMETHING = /\b(startServer|startChildServer|startTestServer|spawn|execFile|fork|createProgram|settingsReadByCode|buildTenant|buildBundles|runBuild)\s*\(/;

export class HeavyFirstSequencer extends BaseSequencer {
  private readonly weights = new Map<string, number>();

  private weight(spec: TestSpecification): number {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const known = this.weights.get(key);
    if (known !== undefined) return known;
    const cached = this.ctx.cache.getFileTestResults(key);
    let weight: number;
    if (cached) weight = cached.duration;
    else {
      const source = readFileSync(spec.moduleId, 'utf8');
      // Unknown durations: about ten seconds for a file that starts something, a second per 10 kB otherwise.
      weight = (STARTS_SOMETHING.test(source) ? 10_000 : 0) + source.length / 10;
    }
    this.weights.set(key, weight);
    return weight;
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      // Files sharing one module graph (isolate: false) run together after the isolated ones.
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      return this.weight(b) - this.weight(a);
    });
  }
}
