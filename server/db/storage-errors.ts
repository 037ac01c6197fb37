import { STORAGE_ERRNO_CODES } from './storage-codes.mjs';

/*
 * Failures of the storage under the database: a full disk, a file-size
 * limit, a read-only or vanished data directory, or the database thread being restarted after
 * one. They fail the request with 503 and a clear message; they never take the server down.
 */

/** Thrown when the database cannot write, is being reopened after a storage fault, or cannot be reached. */
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

/**
 * PostgreSQL's SQLSTATEs of a server that cannot take a query now: connection exceptions (class
 * 08, but not a protocol violation, which is a bug), shutting down, crashed or still starting
 * (57P01–57P03), and too many connections (53300).
 */
const UNREACHABLE_CODES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
/** The operating system's codes of a database server that cannot be reached over the network. */
const UNREACHABLE_ERRNO_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'EPIPE']);
/** The PostgreSQL driver's own words for a connection lost or never made. */
const UNREACHABLE_TEXT = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/**
 * Whether an error of the PostgreSQL driver means the database server cannot be reached or cannot
 * take queries now (it restarts, fails over, is down or is full), not a fault of the query.
 * @param error what the driver threw
 */
function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || UNREACHABLE_ERRNO_CODES.has(e.code))) return true;
  return typeof e.message === 'string' && UNREACHABLE_TEXT.test(e.message);
}

/**
 * What the server throws for an error of the PostgreSQL driver: a StorageFailureError (the
 * request answers 503 and may be tried again) when the database cannot be reached, else the error.
 * @param error what the driver threw
 */
export function asDatabaseUnreachable(error: unknown): unknown {
  return isDatabaseUnreachable(error) ? new StorageFailureError(`The database cannot be reached: ${(error as Error).message}`, { cause: error }) : error;
}
