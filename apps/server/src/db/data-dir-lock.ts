import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time opens an embedded database: PGlite is single-user PostgreSQL, and a second
 * process writing the same files (a second server, or a backup while the server runs) would damage it.
 * The holder's process id is kept in DATA_DIR/kaoping.pid; a file left by a killed process is taken over.
 */
const lockFile = (dataDir: string) => path.resolve(dataDir, 'kaoping.pid');

function alive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id holding the folder, if a live one does. */
export function dataDirHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8').trim());
    return alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Claims the folder for this process, or throws a clear message naming the holder; returns the release. */
export function claimDataDir(dataDir: string, what = '考评服务'): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) {
    throw new Error(
      `数据目录 ${path.resolve(dataDir)} 正被另一个进程（PID ${holder}）使用。${what}需要独占该目录：请先停止正在运行的服务。`,
    );
  }
  fs.writeFileSync(lockFile(dataDir), String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (fs.readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid))
        fs.unlinkSync(lockFile(dataDir));
    } catch {
      // Already gone.
    }
  };
}
