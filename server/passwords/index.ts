import fs from 'node:fs';
import path from 'node:path';

/*
 * Passwords nobody should be allowed to pick: the most common ones of published breach lists
 * (shipped in this folder, never fetched at run time) and trivial ones a guesser tries first
 * (one character repeated, blank, a run of consecutive digits or letters).
 */

const COMMON = new Set(
  fs
    .readFileSync(path.join(import.meta.dirname, 'common.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

function consecutive(text: string): boolean {
  if (text.length < 4) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++) if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

/**
 * Why a password must not be used, or null when it may.
 * @param password the password chosen
 */
export function weakPasswordReason(password: string): string | null {
  const lower = password.toLowerCase();
  if (password.trim() === '') return 'must not be only spaces';
  if (new Set(password).size === 1) return 'must not be one character repeated';
  if (consecutive(lower)) return 'must not be a run of consecutive characters';
  if (COMMON.has(lower) || COMMON.has(lower.trim())) return 'is one of the most common passwords: please choose another';
  return null;
}
