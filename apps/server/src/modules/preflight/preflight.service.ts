import path from 'node:path';
import type { PreflightLine, PreflightReport } from '@kaoping/contracts/preflight';
import { worstLevel } from '@kaoping/contracts/preflight';
import pg from 'pg';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { resolveDataDir } from '../../lib/paths';
import { getCompany } from '../companies/companies.service';
import { currentRound } from '../rounds/round-scope';
import { publicUrlSettings } from '../settings/settings.service';
import { snapshotStatus } from '../snapshots/snapshot-status';
import { listVoteTypes } from '../vote-types/vote-types.repository';
import {
  diskLine,
  newestSnapshot,
  postgresBackupLine,
  publicUrlLine,
  snapshotAgeLine,
  snapshotDirLine,
  snapshotsOffLine,
  timeZoneLine,
} from './server-checks';
import { voteTypeLines } from './vote-type-checks';

const SOURCE = { settings: '系统设置中填写', env: '环境变量 PUBLIC_URL', none: '' } as const;

/** PostgreSQL (a pool) or the embedded PGlite: snapshots are this server's only on the latter. */
const onPostgres = (db: Db) => (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;

/** The snapshot folder: SNAPSHOT_DIR (relative to where the command was typed, like DATA_DIR) or DATA_DIR/snapshots. */
export function snapshotDirOf(config: Pick<Config, 'SNAPSHOT_DIR'>, dataDir: string) {
  return config.SNAPSHOT_DIR
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), config.SNAPSHOT_DIR)
    : path.join(dataDir, 'snapshots');
}

/** 会前检查 of one unit: the server's lines, then each switched-on vote type's (docs/decisions/0050). */
export async function preflight(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'DATA_DIR' | 'SNAPSHOT_DIR'>,
  companyId: number,
  now = new Date(),
): Promise<PreflightReport> {
  await getCompany(db, companyId);
  const round = await currentRound(db, companyId);
  const dataDir = resolveDataDir(config.DATA_DIR).path;
  const url = await publicUrlSettings(db, config.PUBLIC_URL);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = -now.getTimezoneOffset();

  const server: PreflightLine[] = [
    { check: 'public_url', ...(await publicUrlLine(url.public_url, SOURCE[url.public_url_source])) },
    { check: 'disk', ...(await diskLine(dataDir)) },
  ];
  // The scheduler's record when it runs in this process (modules/snapshots), else the folder itself.
  const status = snapshotStatus(now);
  if (status.mode === 'postgres' || onPostgres(db)) {
    server.push({ check: 'snapshot_age', ...postgresBackupLine() });
  } else if (status.mode === 'disabled') {
    server.push({ check: 'snapshot_age', ...snapshotsOffLine() });
  } else {
    const running = status.mode === 'pglite' && !!status.dir;
    const dir = running ? status.dir! : snapshotDirOf(config, dataDir);
    const last = running
      ? status.last_file && status.last_at
        ? { file: status.last_file, at: new Date(status.last_at) }
        : null
      : newestSnapshot(dir);
    server.push(
      { check: 'snapshot_dir', ...(await snapshotDirLine(dir)) },
      { check: 'snapshot_age', ...snapshotAgeLine(last, now, status.last_error?.message) },
    );
  }
  server.push({ check: 'time_zone', ...timeZoneLine(zone, offset) });

  const active = (await listVoteTypes(db, round.id)).filter((v) => v.isActive);
  const unit: PreflightLine[] = active.length
    ? []
    : [
        {
          check: 'vote_types',
          level: 'fail',
          title: '投票类型',
          detail: '本单位当前批次没有启用的投票类型',
          action: '在“投票类型”中新建或启用投票类型',
        },
      ];
  const voteTypes = await voteTypeLines(db, active, now);
  const all = [...server, ...unit, ...voteTypes.flatMap((v) => v.lines)];
  return {
    company_id: companyId,
    server_time: now.toISOString(),
    time_zone: zone,
    utc_offset_minutes: offset,
    level: worstLevel(all.map((l) => l.level)),
    server,
    unit,
    vote_types: voteTypes,
  };
}
