import fs from 'node:fs';
import path from 'node:path';

/** Before the run: forget the documents an earlier run found clean, and its axe log. */
export default function globalSetup(): void {
  const results = path.join(import.meta.dirname, '..', '..', 'test-results');
  fs.rmSync(path.join(results, 'axe-passed'), { recursive: true, force: true });
  fs.rmSync(path.join(results, 'axe-log.jsonl'), { force: true });
  fs.mkdirSync(path.join(results, 'axe-passed'), { recursive: true });
}
