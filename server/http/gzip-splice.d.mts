/** Deflates each stretch of a page on its own (the last one ends the stream). */
export declare function deflateParts(parts: string[]): Buffer[];

/** A gzip answer: the page's stretches joined with this answer's nonce. */
export declare function joinDeflated(deflated: Uint8Array[], raw: Uint8Array[], nonce: string): Buffer;
