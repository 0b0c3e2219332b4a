import { LRUCache } from 'lru-cache';

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

/** How many times the bytes were read from the database, and what is kept now (for tests and ops). */
export const coverCacheStats = () => ({ loads, entries: cache.size, bytes: cache.calculatedSize });
