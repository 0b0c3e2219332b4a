import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder is readable by the server's user only: folders 0700, files 0600,
 * whatever the umask. PGlite's file system layer (Emscripten NODEFS) chmods every file it creates to
 * 0666 through fs.chmodSync, so that call is narrowed for paths inside a secured folder; the umask covers
 * what is created without it, and a walk at start fixes folders written by an older version.
 */
const secured = new Set<string>();
let patched = false;

const inside = (p: string) => {
  const full = path.resolve(p);
  for (const dir of secured) if (full === dir || full.startsWith(dir + path.sep)) return true;
  return false;
};

function patchChmod() {
  if (patched) return;
  patched = true;
  const chmodSync = fs.chmodSync.bind(fs);
  fs.chmodSync = (p: fs.PathLike, mode: fs.Mode) =>
    chmodSync(p, typeof p === 'string' && inside(p) ? Number(mode) & ~0o077 : mode);
}

function walk(dir: string) {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (entry.isFile()) fs.chmodSync(p, 0o600);
  }
}

/** Creates the folder if needed and keeps it and everything in it private to this user. */
export function secureDataDir(dir: string) {
  const full = path.resolve(dir);
  try {
    // New folders and files of this process: never group or world access. (Not allowed in a worker.)
    process.umask(0o077);
  } catch {
    // The chmod narrowing and the walk below still apply.
  }
  fs.mkdirSync(full, { recursive: true, mode: 0o700 });
  secured.add(full);
  patchChmod();
  walk(full);
}
