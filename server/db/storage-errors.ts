import { STORAGE_ERRNO_CODES } from './storage-codes.mjs';

/*
 * Failures of the storage under the database: a full disk, a file-size
 * limit, a read-only or vanished data directory, or the database thread being restarted after
 * one. They fail the request with 503 and a clear message; they never take the server down.
 */

/** What a shopper reads when their submission could not be saved (their browser keeps it to resend). */
export const STORAGE_FAILURE_MESSAGE = 'We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.';

/** Thrown when the database cannot write or is being reopened after a storage fault. */
export class StorageFailureError extends Error {
  readonly storageFailure = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFailureError';
  }
}

/** PostgreSQL SQLSTATEs of storage trouble: disk full (53100), I/O error (58030), out of memory (53200). */
const STORAGE_CODES = new Set(['53100', '58030', '53200', '53000']);
const STORAGE_TEXT = /could not (write|extend|fsync|create|open)|no space left|file too large|read-only file system|ENOSPC|EFBIG|EROFS|EDQUOT|EIO\b/i;

/**
 * Whether an error is a storage failure (not a bug and not bad input).
 * @param error anything thrown
 */
export function isStorageFailure(error: unknown): boolean {
  if (error instanceof StorageFailureError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (STORAGE_CODES.has(e.code) || STORAGE_ERRNO_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && STORAGE_TEXT.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== error && isStorageFailure(e.cause);
}
