import type { Migration } from 'kysely';
import * as m001 from './001-initial.ts';

/** Every migration in order; add new files here (names sort by their NNN prefix). */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
};
