import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PreflightLine } from '@kaoping/contracts/preflight';
import { SNAPSHOTS_OFF } from '@kaoping/contracts/snapshots';
import { listSnapshots, snapshotTimeOf } from '../snapshots/snapshot-status';

// The server's side of 会前检查: can phones reach it, is there room to write, is a recent snapshot there,
// which clock does it keep. Each check answers one line; none throws.

type Line = Omit<PreflightLine, 'check'>;
const ok = (title: string, detail: string): Line => ({ level: 'ok', title, detail, action: '' });

const HEALTH_TIMEOUT_MS = 3000;

/** Why a fetch failed, in Chinese. */
function fetchFailure(err: unknown): string {
  const e = err as { name?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `${HEALTH_TIMEOUT_MS / 1000} 秒内无应答`;
  // Fetch (like every browser) refuses some ports outright (1, 25, 6000, …): phones cannot open them either.
  if (e.cause?.message === 'bad port') return '该端口被浏览器禁止访问，请换一个端口';
  switch (e.cause?.code) {
    case 'ECONNREFUSED':
      return '连接被拒绝（该地址上没有服务在监听）';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return '域名无法解析';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return '网络不可达';
    case 'ECONNRESET':
      return '连接被重置';
    default:
      return e.cause?.code ? `连接失败（${e.cause.code}）` : '连接失败';
  }
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

/**
 * The public address answers its /api/v1/health from the server's own network view (the server fetches
 * it with a short timeout). Null: no address configured.
 */
export async function publicUrlLine(base: string | null, source: string): Promise<Line> {
  const title = '公网访问地址';
  if (!base) {
    return {
      level: 'fail',
      title,
      detail: '未设置公网访问地址：投票二维码和链接无法生成',
      action: '在“系统设置”中填写手机能访问的地址，例如 http://192.168.1.10:8080',
    };
  }
  const started = performance.now();
  let answer: string;
  try {
    const res = await fetch(`${base}/api/v1/health`, {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    const body = (await res.json().catch(() => null)) as { status?: string } | null;
    if (res.ok && body?.status === 'ok') {
      const ms = Math.round(performance.now() - started);
      if (LOOPBACK.test(new URL(base).hostname)) {
        return {
          level: 'warn',
          title,
          detail: `${base} 是本机地址（${source}）：服务器能访问，投票者的手机不能`,
          action: '在“系统设置”中改为会场网络中的地址（本机的局域网 IP 或域名）',
        };
      }
      return ok(title, `${base} 从服务器访问正常（${ms} 毫秒，${source}）`);
    }
    answer = res.ok ? '应答的不是考评服务' : `应答 HTTP ${res.status}`;
  } catch (err) {
    answer = fetchFailure(err);
  }
  return {
    level: 'fail',
    title,
    detail: `从服务器访问 ${base} 失败：${answer}（${source}）`,
    action: '核对“系统设置”中的地址、端口、反向代理和防火墙，并用会场的手机打开该地址试一试',
  };
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const size = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`;

/** Free space on the data folder's disk: red under 500 MB, amber under 2 GB. */
export async function diskLine(dataDir: string): Promise<Line> {
  const title = '磁盘空间';
  let free: number;
  try {
    const s = await fs.statfs(dataDir);
    free = s.bavail * s.bsize;
  } catch {
    return {
      level: 'fail',
      title,
      detail: `数据文件夹 ${dataDir} 无法读取`,
      action: '确认数据文件夹存在且服务有权访问（DATA_DIR）',
    };
  }
  const detail = `数据文件夹 ${dataDir} 所在磁盘剩余 ${size(free)}`;
  if (free < 500 * MB) {
    return {
      level: 'fail',
      title,
      detail,
      action: '清理磁盘或把数据文件夹移到空间更大的磁盘，至少留出 2 GB',
    };
  }
  if (free < 2 * GB) return { level: 'warn', title, detail, action: '建议清理磁盘，留出 2 GB 以上' };
  return ok(title, detail);
}

/** The snapshot folder exists and takes a file (one is written and removed). */
export async function snapshotDirLine(dir: string): Promise<Line> {
  const title = '快照文件夹';
  const probe = path.join(dir, `.preflight-${randomBytes(6).toString('hex')}`);
  try {
    await fs.writeFile(probe, 'kaoping preflight\n');
    await fs.rm(probe, { force: true });
    return ok(title, `${dir} 可以写入`);
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why =
      code === 'ENOENT'
        ? '不存在'
        : code === 'EROFS'
          ? '是只读的'
          : code === 'ENOSPC'
            ? '所在磁盘已满'
            : `不可写入（${code ?? '未知错误'}）`;
    return {
      level: 'fail',
      title,
      detail: `快照文件夹 ${dir} ${why}`,
      action: '插好用于备份的 U 盘或磁盘，或在 SNAPSHOT_DIR 中指定可写的文件夹，然后重启服务',
    };
  }
}

export interface NewestSnapshot {
  file: string;
  at: Date;
}

/** The newest snapshot file in the folder (the names carry their time), or null (no folder, no file). */
export function newestSnapshot(dir: string): NewestSnapshot | null {
  const file = listSnapshots(dir).at(-1);
  const at = file ? snapshotTimeOf(file) : null;
  return file && at ? { file, at } : null;
}

/** The last snapshot's age: amber past 10 minutes, red past 30 or when there is none. */
export function snapshotAgeLine(last: NewestSnapshot | null, now: Date, error?: string | null): Line {
  const title = '最近快照';
  if (!last) {
    return {
      level: 'fail',
      title,
      detail: error ? `还没有快照：${error}` : '还没有快照：笔记本电脑损坏时，投票数据无处恢复',
      action:
        '确认服务开启了定时快照（SNAPSHOT_MINUTES，默认每 5 分钟），或运行 npm run backup -- 文件名 备份一次',
    };
  }
  const minutes = Math.max(0, Math.floor((now.getTime() - last.at.getTime()) / 60_000));
  const ago = minutes < 1 ? '不到 1 分钟前' : ` ${minutes} 分钟前`;
  const detail = `${ago}（${last.file}）${error ? `；最近一次失败：${error}` : ''}`;
  const action =
    '检查快照文件夹是否可写、服务是否在运行（SNAPSHOT_MINUTES），必要时运行 npm run backup -- 文件名';
  if (minutes > 30) return { level: 'fail', title, detail: `最近一次快照在${detail}`, action };
  if (minutes > 10 || error) return { level: 'warn', title, detail: `最近一次快照在${detail}`, action };
  return ok(title, `最近一次快照在${detail}`);
}

/** SNAPSHOTS=off: the server takes none on its own, which 会前检查 shows as a failure. */
export const snapshotsOffLine = (): Line => ({
  level: 'fail',
  title: '最近快照',
  detail: `${SNAPSHOTS_OFF.title}：笔记本电脑损坏时，投票数据无处恢复`,
  action: SNAPSHOTS_OFF.action,
});

/** On PostgreSQL the server writes no snapshots: the database's backups are its administrator's. */
export const postgresBackupLine = (): Line => ({
  level: 'info',
  title: '备份',
  detail: '使用 PostgreSQL 数据库：本服务不做快照，备份由数据库管理员负责',
  action: '会前请与数据库管理员确认最近一次备份',
});

/** The server's time zone: Asia/Shanghai (or another name for UTC+8) is green, any other amber. */
export function timeZoneLine(zone: string, offsetMinutes: number): Line {
  const title = '时区';
  const hours = offsetMinutes / 60;
  const utc = `UTC${hours >= 0 ? '+' : ''}${Number.isInteger(hours) ? hours : hours.toFixed(1)}`;
  if (zone === 'Asia/Shanghai' || offsetMinutes === 480)
    return ok(title, `服务器时区 ${zone}（${utc}，北京时间）`);
  return {
    level: 'warn',
    title,
    detail: `服务器时区为 ${zone}（${utc}），不是北京时间：快照文件名和日志按该时区记时`,
    action: '建议把服务器时区设为 Asia/Shanghai（投票的开始、截止时间不受影响，按北京时间显示）',
  };
}
