// `npm run backup -- FILE` and `npm run restore -- FILE`: the embedded database (PGlite in DATA_DIR).
// PostgreSQL is backed up with pg_dump / pg_restore (docs/DEPLOY.md).
// While the server runs, `backup` asks it for a fresh snapshot over its loopback channel (decision 0049);
// `restore` takes a backup or any snapshot file, or a snapshot folder (its newest file).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { BackupError, backupPglite, readBackup, restorePglite } from './db/backup';
import { dataDirHolder } from './db/data-dir-lock';
import { resolveDataDir } from './lib/paths';
import { backupFromRunningServer } from './modules/snapshots/snapshot-channel';
import { listSnapshots } from './modules/snapshots/snapshot-status';

/** A backup taken from the running server: written beside, checked, renamed; never over a file. */
async function backupWhileRunning(dataDir: string, holder: number, target: string) {
  if (fs.existsSync(target))
    throw new BackupError(`文件 ${target} 已存在：备份不会覆盖已有文件，请换一个文件名。`);
  let got;
  try {
    got = await backupFromRunningServer(dataDir, holder);
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
  const tmp = `${target}.partial`;
  fs.writeFileSync(tmp, got.bytes, { mode: 0o600 });
  try {
    readBackup(tmp);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.renameSync(tmp, target);
  console.log(
    `备份完成（服务运行中，由服务生成一致的快照并校验）：${target}（${(got.bytes.length / 1024).toFixed(0)} KB，${got.submissions ?? '?'} 份选票记录，数据库暂停 ${got.holdMs ?? '?'} ms）`,
  );
}

/** A snapshot folder stands for its newest snapshot. */
function restoreSource(target: string): string {
  if (!fs.existsSync(target) || !fs.statSync(target).isDirectory()) return target;
  const newest = listSnapshots(target).at(-1);
  if (!newest) throw new BackupError(`文件夹 ${target} 中没有考评的快照文件（kaoping-*.backup）。`);
  const file = path.join(target, newest);
  console.log(`使用文件夹中最新的快照：${file}`);
  return file;
}

async function run() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new BackupError('用法：npm run backup -- 文件名    或    npm run restore -- 文件名');
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new BackupError(
      '已设置 DATABASE_URL（PostgreSQL）：请用 pg_dump / pg_restore 备份与恢复，见 docs/DEPLOY.md。',
    );
  }
  // npm runs the script in apps/server; a relative name means where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  const target = path.resolve(base, file);
  // The folder the server uses: by default data/ at the repository root.
  const { path: dataDir, note } = resolveDataDir(config.DATA_DIR);
  if (note) console.log(note);
  if (command === 'backup') {
    const holder = dataDirHolder(dataDir);
    if (holder !== undefined) return backupWhileRunning(dataDir, holder, target);
    const meta = await backupPglite(dataDir, target);
    console.log(
      `备份完成：${target}（${(meta.bytes / 1024).toFixed(0)} KB，SHA-256 ${meta.sha256.slice(0, 16)}…）`,
    );
  } else {
    const source = restoreSource(target);
    await restorePglite(source, dataDir);
    console.log(`恢复完成：${source} → ${dataDir}。现在可以启动服务。`);
  }
}

run().catch((err: unknown) => {
  console.error(
    err instanceof BackupError ? err.message : `失败：${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
