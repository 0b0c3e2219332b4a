import { randomFillSync } from 'node:crypto';

// 128-bit random ids for the ballot path (a receipt id per ballot, and the stored voter id of a codes-mode
// ballot or a paper sheet), taken from a pooled buffer of the system's random bytes: one call into the random source
// per 256 ids instead of one per id (as node's own randomUUID does). The bytes are the same CSPRNG
// output, and none is handed out twice.

const POOL_BYTES = 4096;
const ID_BYTES = 16;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/** 128 random bits, URL-safe base64 (22 characters). */
export function randomId128(): string {
  if (offset + ID_BYTES > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}
