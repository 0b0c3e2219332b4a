/**
 * How the embedded database's values are written and read (PGlite's type codecs), set on the instance once.
 *
 * - bytea through Node's hex codec. PGlite's own turns each byte into a string of its own
 *   (`Array.from(bytes).map(...)` out, one `parseInt` per byte pair in): an 8 MB cover cost 1.5 s of the one
 *   thread every phone shares to write and 0.75 s to read back; Node's codec takes 12 and 39 ms. The wire
 *   text is PostgreSQL's hex format either way (`\x` then two digits a byte), so what is stored is the same.
 * - Timestamps, dates, intervals (and their arrays) as PostgreSQL's text, which is how Drizzle reads them:
 *   it passes them with every statement as parsers that return their input. PGlite merges a statement's own
 *   parsers into a copy of all 318 of the instance's, 167 µs a statement (283 µs for an empty answer, 116 µs
 *   without them); with the instance already reading these types as text, a statement's parsers that only
 *   do the same are left off (`withoutTextParsers`). The server's own statements outside Drizzle (the ballot
 *   statements, db/hot-statement.ts) cast their dates to text themselves, as on PostgreSQL.
 */
import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

/** The text PostgreSQL reads as this bytea value: `\x` and the bytes of the view only, in hex. */
export function byteaToText(value: Uint8Array): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return '\\x' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
}

/** The bytes of PostgreSQL's hex text of a bytea value (`\x…`). */
export function byteaFromText(text: string): Buffer {
  return Buffer.from(text.slice(2), 'hex');
}

/** Read as PostgreSQL writes them: timestamp, timestamptz, interval, date, and numeric[], timestamp[],
 * timestamptz[], interval[], date[] (the types Drizzle's PGlite driver reads as text). */
const TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
/** A probe no parser of these types would give back unchanged unless it returns its input. */
const PROBE = '\u0000kaoping-probe';

type QueryOptions = { parsers?: Record<number | string, (value: string, typeId?: number) => unknown> };

/**
 * The statement's options without its parsers when each of them is for a type the instance reads as text
 * and returns its input (as Drizzle's do): what PGlite would read is the same, without the copy.
 */
export function withoutTextParsers<O extends QueryOptions>(options: O | undefined): O | undefined {
  if (!options?.parsers) return options;
  const { parsers, ...rest } = options;
  for (const type in parsers) {
    if (!TEXT_TYPES.has(Number(type)) || parsers[type]!(PROBE) !== PROBE) return options;
  }
  return rest as O;
}

/** Sets the codecs on an opened instance (after PGlite's own array types, which it sets when it opens). */
export function useCodecs(client: PGlite): PGlite {
  client.serializers[types.BYTEA] = byteaToText;
  client.parsers[types.BYTEA] = byteaFromText;
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const lighter = (run: Transaction['query']): Transaction['query'] =>
    ((text: string, params?: unknown[], options?: QueryOptions) =>
      run(text, params, withoutTextParsers(options))) as Transaction['query'];
  client.query = lighter(query) as PGlite['query'];
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = lighter(tx.query);
      return callback(tx);
    })) as PGlite['transaction'];
  return client;
}
