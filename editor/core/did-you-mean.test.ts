import { describe, expect, test } from 'vitest';
import { validateTenant } from '../../schema/validate.ts';
import { didYouMeanFix } from '../shared/did-you-mean.ts';

describe('the "did you mean" quick fix', () => {
  test('replaces the misspelt key the validator names with the setting it suggests', () => {
    const text = '{\n  "slug": "acme",\n  "nmae": "Acme"\n}\n';
    const issue = validateTenant(text, 'acme.json').issues.find((i) => i.pointer === '/nmae');
    expect(issue?.message).toMatch(/did you mean "name"/);
    const line = '  "nmae": "Acme"';
    const fix = didYouMeanFix(`${issue!.pointer}: ${issue!.message}`, line);
    expect(fix).toEqual({ startColumn: 3, endColumn: 9, text: '"name"', title: 'Change "nmae" to "name"' });
    expect(line.slice(0, fix!.startColumn - 1) + fix!.text + line.slice(fix!.endColumn - 1)).toBe('  "name": "Acme"');
  });

  test('offers nothing without a suggestion', () => {
    expect(didYouMeanFix('/xyz: is not a known setting', '  "xyz": 1')).toBeUndefined();
  });
});
