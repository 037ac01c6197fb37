// A kept page is answered with a fresh CSP nonce every time, so its compressed bytes differ
// every time, and compressing 150 KB of HTML per answer was most of what a kept page cost the
// server's thread. Gzip lets the page be compressed once: each stretch of the page between its
// nonces is deflated on its own, ending on a full flush (byte-aligned, no reference back into
// the stretch before), so the stretches can be joined with the new nonce deflated the same way
// between them. The gzip container (RFC 1952: a 10-byte header, the deflate data, CRC-32 and
// length) is written here because zlib has no call that joins deflate pieces; zlib does all the
// compressing and the checksum. Plain JavaScript: the render threads use it too. Types:
// gzip-splice.d.mts.
import zlib from 'node:zlib';

/** RFC 1952 header: magic, deflate, no flags, no time, no extra flags, Unix. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * Deflates each stretch of a page on its own (the last one ends the stream).
 * @param {string[]} parts the page split at its nonce
 * @returns {Buffer[]}
 */
export function deflateParts(parts) {
  return parts.map((part, i) =>
    zlib.deflateRawSync(Buffer.from(part), { level: 6, finishFlush: i === parts.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
  );
}

/**
 * A gzip answer: the page's stretches joined with this answer's nonce.
 * @param {Uint8Array[]} deflated deflateParts of the stretches
 * @param {Uint8Array[]} raw the stretches as UTF-8
 * @param {string} nonce this answer's nonce
 * @returns {Buffer}
 */
export function joinDeflated(deflated, raw, nonce) {
  const nonceBytes = Buffer.from(nonce);
  const nonceDeflated = zlib.deflateRawSync(nonceBytes, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const chunks = [HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < deflated.length; i++) {
    if (i > 0) {
      chunks.push(nonceDeflated);
      crc = zlib.crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    chunks.push(deflated[i]);
    crc = zlib.crc32(raw[i], crc);
    size += raw[i].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
