// Where the data folder is (issue 24): `npm start` runs the server in apps/server, yet the README's
// `./data` is the repository root's, for the server and the backup command alike.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveDataDir, serverPath } from '../src/lib/paths';

const repoRoot = path.resolve(serverPath('..', '..'));
const initCwd = process.env.INIT_CWD;
afterEach(() => {
  if (initCwd === undefined) delete process.env.INIT_CWD;
  else process.env.INIT_CWD = initCwd;
});

describe('resolveDataDir', () => {
  it('is data/ at the repository root when DATA_DIR is unset, wherever the process runs', () => {
    expect(existsSync(path.join(repoRoot, 'apps', 'server', 'package.json'))).toBe(true);
    const got = resolveDataDir(undefined);
    // apps/server/data of an older version is kept only while it holds a database and ./data does not exist.
    expect(got.path).toBe(got.note ? serverPath('data') : path.join(repoRoot, 'data'));
  });

  it('takes a relative DATA_DIR from where the command was typed (INIT_CWD, set by npm)', () => {
    const typedIn = mkdtempSync(path.join(tmpdir(), 'kaoping-cwd-'));
    try {
      process.env.INIT_CWD = typedIn;
      expect(resolveDataDir('./mine')).toEqual({ path: path.join(typedIn, 'mine') });
      expect(resolveDataDir('/srv/kaoping')).toEqual({ path: '/srv/kaoping' });
      delete process.env.INIT_CWD;
      expect(resolveDataDir('mine')).toEqual({ path: path.resolve(process.cwd(), 'mine') });
    } finally {
      rmSync(typedIn, { recursive: true, force: true });
    }
  });

  it('says so when it keeps using a database an older version left in apps/server/data', () => {
    const old = serverPath('data');
    const root = path.join(repoRoot, 'data');
    // Only where neither exists yet (a clean clone, CI): a developer's own folders are left alone.
    if (existsSync(old) || existsSync(root)) return;
    mkdirSync(path.join(old, 'pglite'), { recursive: true });
    try {
      const got = resolveDataDir(undefined);
      expect(got.path).toBe(old);
      expect(got.note).toContain('旧版本的默认位置');
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
    expect(resolveDataDir(undefined)).toEqual({ path: root });
  });
});
