/**
 * bytea on PGlite, as Node's own hex codec writes and reads it. PGlite's built-in codec turns each byte into
 * a string of its own (`Array.from(bytes).map(...)` out, one `parseInt` per byte pair in): an 8 MB cover
 * cost seconds of the one thread every phone shares, to write and again to read back, most of it garbage
 * collection. Buffer's hex codec does the same work in native code. The wire text is PostgreSQL's hex
 * format either way (`\x` then two hex digits a byte), so what is stored does not change.
 */
import { types } from '@electric-sql/pglite';

/** The text PostgreSQL reads as this bytea value: `\x` and the bytes of the view only, in hex. */
export function byteaToText(value: Uint8Array): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return '\\x' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
}

/** The bytes of PostgreSQL's hex text of a bytea value (`\x…`). */
export function byteaFromText(text: string): Buffer {
  return Buffer.from(text.slice(2), 'hex');
}

/** PGlite's `serializers` and `parsers` options: bytea through Node's hex codec. */
export const PGLITE_BYTEA = {
  serializers: { [types.BYTEA]: byteaToText },
  parsers: { [types.BYTEA]: byteaFromText },
};
