import { LRUCache } from 'lru-cache';
import { afterCommit } from '../../lib/request-transaction';

/**
 * Cover bytes kept in this process, least recently used out first, bounded by their total size. The
 * key is the SHA-256 of the bytes, so an entry can never be stale: a replaced cover has a new hash, and
 * the same file on several vote types (apply-to-all) is kept once. Every instance keeps its own; the
 * ETag is the same hash, so browsers and proxies revalidate against any of them alike.
 */
type Loader = () => Promise<Buffer | undefined>;

let cache = create(64 * 1024 * 1024);
let loads = 0;

function create(maxBytes: number) {
  return new LRUCache<string, Buffer, Loader>({
    maxSize: maxBytes,
    sizeCalculation: (data) => Math.max(1, data.length),
    // Concurrent misses of one key share one load: a thousand phones opening a cover cost one read.
    fetchMethod: async (_key, _stale, { context }) => {
      loads++;
      return context();
    },
  });
}

/** Sets the size bound (COVER_CACHE_MB); drops what was kept. */
export function configureCoverCache(maxBytes: number) {
  cache = create(maxBytes);
}

/** The bytes whose SHA-256 is `sha256`, from the cache or, once, from `load` (undefined: not there). */
export function cachedCoverBytes(sha256: string, load: Loader): Promise<Buffer | undefined> {
  return cache.fetch(sha256, { context: load });
}

/** Puts bytes in the cache that are known to have this hash (a fresh upload), so no one reads them back. */
export function primeCoverBytes(sha256: string, data: Buffer) {
  cache.set(sha256, data);
}

/**
 * Which cover a public link shows, remembered for a few seconds: phones opening a link together cost
 * one metadata query, not one each. This instance forgets it at once when a cover changes here; another
 * instance may show the previous cover for up to LOOKUP_TTL_MS, unless the page asks for a version
 * (?v=, the hash the page was given) that it does not have, which is always looked up afresh.
 */
export const LOOKUP_TTL_MS = 5000;
const lookups = new LRUCache<string, object, () => Promise<object>>({
  max: 10_000,
  ttl: LOOKUP_TTL_MS,
  fetchMethod: async (_key, _stale, { context }) => context(),
});

export async function cachedCoverLookup<T extends object>(
  key: string,
  load: () => Promise<T>,
  fresh: (value: T) => boolean = () => true,
): Promise<T> {
  const kept = (await lookups.fetch(key, { context: load })) as T;
  if (fresh(kept)) return kept;
  const now = await load();
  lookups.set(key, now);
  return now;
}

/** After an upload, a replacement or a deletion on this instance (and again once it committed). */
export function forgetCoverLookups() {
  afterCommit(() => lookups.clear());
}

/** How many times the bytes were read from the database, and what is kept now (for tests and ops). */
export const coverCacheStats = () => ({ loads, entries: cache.size, bytes: cache.calculatedSize });
