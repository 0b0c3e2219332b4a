// `npm run backup -- FILE` and `npm run restore -- FILE`: the embedded database (PGlite in DATA_DIR).
// PostgreSQL is backed up with pg_dump / pg_restore (docs/DEPLOY.md).
import path from 'node:path';
import { loadConfig } from './config';
import { BackupError, backupPglite, restorePglite } from './db/backup';
import { resolveDataDir } from './lib/paths';

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
    const meta = await backupPglite(dataDir, target);
    console.log(
      `备份完成：${target}（${(meta.bytes / 1024).toFixed(0)} KB，SHA-256 ${meta.sha256.slice(0, 16)}…）`,
    );
  } else {
    await restorePglite(target, dataDir);
    console.log(`恢复完成：${target} → ${dataDir}。现在可以启动服务。`);
  }
}

run().catch((err: unknown) => {
  console.error(
    err instanceof BackupError ? err.message : `失败：${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
