// The operating system's error codes of storage trouble under the database: no space left, a
// file-size limit reached, a read-only file system, a disk quota, an I/O error, and access taken
// away. One list for the server (storage-errors.ts) and the database thread (pglite-worker.mjs),
// which is plain JavaScript so any runner can start it.

/** Error codes (Node's `error.code`) that mean the storage refused a write. */
export const STORAGE_ERRNO_CODES = new Set(['ENOSPC', 'EFBIG', 'EROFS', 'EDQUOT', 'EIO', 'EACCES', 'EPERM']);
