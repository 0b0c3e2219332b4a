import fs from 'node:fs';
import path from 'node:path';

/**
 * A consistent copy of the embedded database's folder, taken while the server runs (issue 28).
 *
 * PGlite is one PostgreSQL backend on the server's own thread: while no statement runs, its files on disk
 * (data files plus the write-ahead log, written at every commit) are a crash-consistent image, exactly what
 * PGlite's own `dumpDataDir` would archive. We hold its locks only while the files are read into memory,
 * after reading every file once without holding it (warm()), and under the locks read again only the
 * files that changed since (other inode, size, mtime or ctime, or modified within two seconds of being
 * read, so that a write in the same clock tick is not missed). The database is held for tens of
 * milliseconds instead of the seconds a whole dump takes (measured in test/snapshots.test.ts and
 * bench/snapshots.ts). Packing and compressing come after, with the database free.
 */

/** The part of PGlite this needs: its two locks (transactions, then single statements). */
export interface LockablePglite {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

export interface CopiedEntry {
  /** Path inside the folder, '/' separated, with a leading '/' (as PGlite's own dump names them). */
  name: string;
  dir: boolean;
  data: Buffer;
  mtimeMs: number;
}

interface Cached {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  data: Buffer;
  trusted: boolean;
}

const same = (c: Cached, st: fs.Stats) =>
  c.ino === st.ino && c.size === st.size && c.mtimeMs === st.mtimeMs && c.ctimeMs === st.ctimeMs;

/** Milliseconds within which a file's mtime is too close to the moment it was read to be trusted later. */
const RACY_MS = 2000;

export class FolderCopy {
  private cache = new Map<string, Cached>();

  constructor(private readonly root: string) {}

  /**
   * Reads, without holding the database, every file not yet copied or changed since: one file at a time
   * (a read is never interleaved with PGlite's writes, which run on the same thread), letting other work
   * run between files. The capture then reads again only what changed meanwhile.
   */
  async warm(): Promise<number> {
    let readBytes = 0;
    const visit = async (abs: string, rel: string) => {
      let list: fs.Dirent[];
      try {
        list = fs.readdirSync(abs, { withFileTypes: true });
      } catch {
        return;
      }
      for (const d of list) {
        const a = path.join(abs, d.name);
        const name = `${rel}/${d.name}`;
        if (d.isDirectory()) {
          await visit(a, name);
          continue;
        }
        if (!d.isFile()) continue;
        try {
          const st = fs.statSync(a);
          const c = this.cache.get(name);
          if (c && c.trusted && same(c, st)) continue;
          const data = fs.readFileSync(a);
          readBytes += data.length;
          this.remember(name, st, data, Date.now());
        } catch {
          // Removed meanwhile: the capture sees the folder as it is.
        }
        await new Promise((r) => setImmediate(r));
      }
    };
    await visit(this.root, '');
    return readBytes;
  }

  private remember(name: string, st: fs.Stats, data: Buffer, now: number) {
    this.cache.set(name, {
      ino: st.ino,
      size: data.length,
      mtimeMs: st.mtimeMs,
      ctimeMs: st.ctimeMs,
      data,
      trusted: now - Math.max(st.mtimeMs, st.ctimeMs) > RACY_MS && data.length === st.size,
    });
  }

  /**
   * Reads the folder while `pg` runs nothing. Returns the entries, how long the database was held and how
   * many bytes had to be read again.
   */
  async capture(pg: LockablePglite): Promise<{ entries: CopiedEntry[]; holdMs: number; readBytes: number }> {
    let result: { entries: CopiedEntry[]; holdMs: number; readBytes: number } | undefined;
    await pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const started = performance.now();
        const now = Date.now();
        const entries: CopiedEntry[] = [];
        const seen = new Set<string>();
        let readBytes = 0;
        const walk = (abs: string, rel: string) => {
          for (const d of fs.readdirSync(abs, { withFileTypes: true })) {
            const a = path.join(abs, d.name);
            const name = `${rel}/${d.name}`;
            if (d.isDirectory()) {
              entries.push({ name, dir: true, data: Buffer.alloc(0), mtimeMs: 0 });
              walk(a, name);
              continue;
            }
            if (!d.isFile()) continue;
            const st = fs.statSync(a);
            seen.add(name);
            const c = this.cache.get(name);
            let data: Buffer;
            if (c && c.trusted && same(c, st)) {
              data = c.data;
            } else {
              data = fs.readFileSync(a);
              readBytes += data.length;
              this.remember(name, st, data, now);
            }
            entries.push({ name, dir: false, data, mtimeMs: st.mtimeMs });
          }
        };
        walk(this.root, '');
        for (const k of this.cache.keys()) if (!seen.has(k)) this.cache.delete(k);
        result = { entries, holdMs: performance.now() - started, readBytes };
      }),
    );
    return result!;
  }

  /** Forgets the copies (after a failure, or to free the memory). */
  clear() {
    this.cache.clear();
  }
}

/** One ustar header block for `name` (a file of `size` bytes, or a folder). */
function tarHeader(name: string, size: number, dir: boolean, mtimeMs: number): Buffer {
  const h = Buffer.alloc(512);
  const full = Buffer.from(name, 'utf8');
  // Names in a PostgreSQL folder are short; the prefix field takes a longer leading folder path.
  let nameBuf = full;
  let prefix = Buffer.alloc(0);
  if (full.length > 100) {
    const cut = name.lastIndexOf('/', name.length - 1);
    prefix = Buffer.from(name.slice(0, cut), 'utf8');
    nameBuf = Buffer.from(name.slice(cut + 1), 'utf8');
    if (prefix.length > 155 || nameBuf.length > 100) throw new Error(`路径过长，无法打包：${name}`);
  }
  nameBuf.copy(h, 0);
  const octal = (n: number, width: number) => n.toString(8).padStart(width - 1, '0') + '\0';
  h.write(octal(dir ? 0o700 : 0o600, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(dir ? 0 : size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtimeMs / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(dir ? '5' : '0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  prefix.copy(h, 345);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

/**
 * The entries as an uncompressed tar, in pieces (no copy of the data): the format PGlite's own dump uses
 * and `loadDataDir` reads.
 */
export function tarPieces(entries: CopiedEntry[]): Buffer[] {
  const out: Buffer[] = [];
  for (const e of entries) {
    out.push(tarHeader(e.name, e.data.length, e.dir, e.mtimeMs));
    if (!e.dir && e.data.length) {
      out.push(e.data);
      const pad = (512 - (e.data.length % 512)) % 512;
      if (pad) out.push(Buffer.alloc(pad));
    }
  }
  out.push(Buffer.alloc(1024));
  return out;
}
