// crypto.randomUUID exists only in secure contexts, and many meetings serve the ballot over plain http
// on a LAN address; crypto.getRandomValues works everywhere, so every id here is built from it.

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** `n` random bytes as lowercase hex (2n characters). */
export function randomHex(n: number): string {
  return hex(crypto.getRandomValues(new Uint8Array(n)));
}

/** A random UUID version 4 (RFC 9562), as the server's submission_id check expects. */
export function uuidV4(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
