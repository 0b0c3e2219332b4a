import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from src/ (tests, tsx) and from the bundled dist/main.js; both sit one level below the root.
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('找不到服务端根目录（drizzle.config.ts）');
    dir = parent;
  }
  return dir;
}

const root = findServerRoot();

/** A path inside apps/server, wherever the code runs from. */
export function serverPath(...parts: string[]): string {
  return path.join(root, ...parts);
}

/**
 * The data folder (DATA_DIR) as a full path. Unset: `data/` at the repository root, wherever the server
 * or the backup command is started from (npm runs workspace scripts in apps/server). A folder left in
 * apps/server/data by an older version (its default under `npm start`) is kept while the root one does not
 * exist yet, with a note saying so. A relative DATA_DIR is taken from where the command was typed
 * (INIT_CWD, which npm sets), as the backup command takes its file name.
 */
export function resolveDataDir(configured: string | undefined): { path: string; note?: string } {
  if (configured !== undefined)
    return { path: path.resolve(process.env.INIT_CWD ?? process.cwd(), configured) };
  const dir = path.join(root, '..', '..', 'data');
  const old = serverPath('data');
  if (!existsSync(dir) && existsSync(path.join(old, 'pglite'))) {
    return {
      path: old,
      note: `数据仍在旧版本的默认位置 ${old}：停止服务后把它移到 ${dir}（或设置 DATA_DIR）即可改用新位置`,
    };
  }
  return { path: dir };
}
