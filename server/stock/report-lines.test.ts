import { expect, test } from 'vitest';
import { reportLines, type ImportReport } from './import.ts';

const base: ImportReport = {
  mode: 'full', dryRun: false, refused: null, rows: 1, badRows: 0, created: 1, updated: 0, unchanged: 0, sold: 0, demoWithdrawn: 0, photosQueued: 1,
  errors: [], warnings: [], changedCarIds: [], importId: 1,
};

test('the command’s report counts in words that agree with their numbers, as Australians write numbers', () => {
  expect(reportLines(base)).toEqual(['1 row read (full feed), 0 bad.', '1 car was added, 0 updated, 0 unchanged, 0 marked sold; 1 photo queued for download.']);
  expect(reportLines({ ...base, dryRun: true, rows: 12, badRows: 1, created: 11, demoWithdrawn: 1732, photosQueued: 9, errors: ['row 13, column Year: "20l9" is not a year'] })).toEqual([
    '12 rows read (full feed, dry run: nothing written), 1 bad.',
    '11 cars would be added, 0 updated, 0 unchanged, 0 marked sold, 1,732 demo cars withdrawn; 9 photos would be queued for download.',
    'error: row 13, column Year: "20l9" is not a year',
  ]);
  expect(reportLines({ ...base, refused: 'the feed lists no cars' })).toEqual(['Refused: the feed lists no cars']);
});
