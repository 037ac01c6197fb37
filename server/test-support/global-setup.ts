import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplates } from './pglite-template.ts';

/** Once per unit run (node project): the migrated PGlite cluster that test servers start from, and the empty one the migration tests start from. */
export default async function setup(project: TestProject): Promise<void> {
  const { empty, migrated } = await ensurePgliteTemplates();
  project.provide('pgliteTemplate', migrated);
  project.provide('pgliteEmptyTemplate', empty);
}
