/** Error codes (Node's `error.code`) that mean the storage refused a write. */
export declare const STORAGE_ERRNO_CODES: ReadonlySet<string>;
