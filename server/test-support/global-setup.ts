import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './pglite-template.ts';

/** Once per unit run (node project): the migrated PGlite cluster that test servers start from. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
}
