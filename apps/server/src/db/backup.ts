import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { claimDataDir } from './data-dir-lock';
import { secureDataDir } from './data-dir';

/**
 * A backup of the embedded database: one header line, one line of JSON about the copy, then PGlite's
 * own dump of its data folder (a gzipped tar). The header tells our file from any other, the checksum a
 * damaged copy from a good one, before anything is written.
 */
const MAGIC = 'KAOPING-PGLITE-BACKUP 1\n';

export interface BackupMeta {
  created_at: string;
  bytes: number;
  sha256: string;
  /** Snapshots taken while the server runs (issue 28): why, and the submissions the opened copy held. */
  reason?: string;
  submissions?: number;
}

/** A refusal with a message for the operator; nothing was written. */
export class BackupError extends Error {}

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A backup file's bytes: the header line, the line about the copy, then the dump. */
export function backupFileBytes(dump: Uint8Array, meta: BackupMeta): Buffer {
  return Buffer.concat([Buffer.from(MAGIC), Buffer.from(`${JSON.stringify(meta)}\n`), dump]);
}
const pgliteDir = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** Writes a consistent copy of DATA_DIR's database to `file`; the server must be stopped (it holds the folder). */
export async function backupPglite(dataDir: string, file: string): Promise<BackupMeta> {
  if (!fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`数据目录 ${path.resolve(dataDir)} 中没有考评的数据库，无法备份。`);
  }
  if (fs.existsSync(file))
    throw new BackupError(`文件 ${file} 已存在：备份不会覆盖已有文件，请换一个文件名。`);
  let release: () => void;
  try {
    release = claimDataDir(dataDir, '备份');
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
  try {
    const client = await PGlite.create(pgliteDir(dataDir));
    const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await client.close();
    const meta: BackupMeta = {
      created_at: new Date().toISOString(),
      bytes: dump.length,
      sha256: sha256(dump),
    };
    const tmp = `${file}.partial`;
    fs.writeFileSync(tmp, backupFileBytes(dump, meta), { mode: 0o600 });
    fs.renameSync(tmp, file);
    return meta;
  } finally {
    release();
  }
}

/** The dump inside a backup file, once the header and the checksum say it is ours and whole. */
export function readBackup(file: string): Uint8Array {
  let raw: Buffer;
  try {
    raw = fs.readFileSync(file);
  } catch {
    throw new BackupError(`无法读取备份文件 ${file}。`);
  }
  if (!raw.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) {
    throw new BackupError(`${file} 不是考评的备份文件（可能是其他程序的文件），已拒绝恢复，未做任何改动。`);
  }
  const end = raw.indexOf(0x0a, MAGIC.length);
  let meta: BackupMeta | undefined;
  try {
    meta = JSON.parse(raw.subarray(MAGIC.length, end).toString('utf8')) as BackupMeta;
  } catch {
    meta = undefined;
  }
  const dump = raw.subarray(end + 1);
  if (!meta || end < 0 || dump.length !== meta.bytes || sha256(dump) !== meta.sha256) {
    throw new BackupError(`备份文件 ${file} 已损坏（长度或校验和不符），已拒绝恢复，未做任何改动。`);
  }
  return dump;
}

/** Restores a backup into an empty data folder; refuses anything else without touching it. */
export async function restorePglite(file: string, dataDir: string) {
  const dump = readBackup(file);
  const target = pgliteDir(dataDir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new BackupError(
      `数据目录 ${path.resolve(dataDir)} 中已有数据库：恢复只写入空的数据目录，现有数据未改动。请先停止服务并移走该目录（或换一个 DATA_DIR）。`,
    );
  }
  secureDataDir(dataDir);
  let release: () => void;
  try {
    release = claimDataDir(dataDir, '恢复');
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
  try {
    const client = await PGlite.create(target, { loadDataDir: new Blob([dump]) });
    await client.query('SELECT count(*) FROM drizzle.__drizzle_migrations');
    await client.close();
  } catch (err) {
    // Only what this restore wrote: the folder was empty or absent before.
    fs.rmSync(target, { recursive: true, force: true });
    throw new BackupError(`备份文件无法恢复：${(err as Error).message}`);
  } finally {
    release();
  }
}
