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

/** Why a folder cannot be used, in words an operator acts on (the system's code in brackets). */
function reason(err: unknown, full?: string): string {
  const { code = '', path: where } = err as NodeJS.ErrnoException;
  // A folder above the data folder is the one in the way: name it.
  const at = where && full && path.resolve(where) !== full ? `${where}：` : '';
  const words: Record<string, string> = {
    EROFS: '所在磁盘为只读',
    EACCES: '没有写入权限',
    EPERM: '没有写入权限',
    ENOTDIR: '路径中有同名的文件而不是文件夹',
    EEXIST: '已有同名的文件而不是文件夹',
    ENOSPC: '磁盘空间不足',
    EDQUOT: '磁盘配额已满',
  };
  return `${at}${words[code] ?? '无法写入'}${code ? `，${code}` : ''}`;
}

/**
 * mkdir -p one level at a time: the recursive mkdir answers ENOENT on a read-only disk, where the
 * operator needs to read EROFS.
 */
function makeDir(full: string) {
  if (fs.existsSync(full) && fs.statSync(full).isDirectory()) return;
  const parent = path.dirname(full);
  if (parent !== full) makeDir(parent);
  fs.mkdirSync(full, { mode: 0o700 });
}

/**
 * The folder exists (or is created) and this process can write in it, or a message that names the
 * folder and the fix: the server stops at start with it (main.ts prints the message, no stack trace)
 * rather than with PGlite's or chmod's own words. A probe file is written, because root passes every
 * permission check but not a read-only disk.
 */
export function checkDataDirWritable(full: string) {
  const fix = '请检查权限，或用 DATA_DIR 指定一个可写的目录';
  try {
    makeDir(full);
  } catch (err) {
    throw new Error(`数据目录 ${full} 无法创建（${reason(err, full)}）：${fix}`, { cause: err });
  }
  const probe = path.join(full, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.unlinkSync(probe);
  } catch (err) {
    throw new Error(`数据目录 ${full} 不可写（${reason(err)}）：${fix}`, { cause: err });
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
  checkDataDirWritable(full);
  secured.add(full);
  patchChmod();
  try {
    walk(full);
  } catch (err) {
    throw new Error(
      `数据目录 ${full} 中的文件无法设置权限（${reason(err)}）：请检查权限，或用 DATA_DIR 指定一个可写的目录`,
      { cause: err },
    );
  }
}
