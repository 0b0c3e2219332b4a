import type { AuditProblem, AuditVerify } from '@kaoping/contracts/audit-log';
import { asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditAnchors, auditLog } from '../../db/schema';
import { sameMac, type Keys } from '../../lib/keys';
import { anchorIsGenuine, fileAnchors, tableAnchors, type Anchor } from './audit-anchor';
import { MICRO_TIME_FORMAT, rowMac } from './audit-chain';

const BATCH = 1000;
/** Problems listed in the answer; problem_count says how many there were in all. */
const LISTED = 200;

/** Beijing time to the second, as the screens read it. */
const beijing = (micro: string) =>
  new Date(new Date(micro).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Rows after `afterId` in id order with the time as PostgreSQL keeps it (to the microsecond, UTC). */
function chainBatch(db: Db, afterId: number) {
  return db
    .select({
      row: auditLog,
      time: sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', ${sql.raw(`'${MICRO_TIME_FORMAT}'`)})`,
    })
    .from(auditLog)
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
    .limit(BATCH);
}

const newer = (a: Anchor, b: Anchor | undefined) =>
  !b || (a.lastId ?? 0) > (b.lastId ?? 0) || ((a.lastId ?? 0) === (b.lastId ?? 0) && a.rowCount > b.rowCount);

/**
 * Checks the audit chain (issue 27): every row from the first, in id order, against its keyed MAC and the
 * MAC of the row before it, and the whole against the newest anchor (of the table and of the data folder's
 * anchor file), naming each problem with its row. `units`: null for the whole chain (system admin,
 * auditor of all units); otherwise the check still walks the whole chain but answers about the rows of
 * these units only, with no total of other units and no anchor counts (decision 0044).
 */
export async function verifyAuditChain(
  db: Db,
  keys: Keys,
  units: number[] | null,
  anchorFile?: string,
): Promise<AuditVerify> {
  const all: AuditProblem[] = [];
  const add = (p: AuditProblem) => all.push(p);

  // The anchors first: the newest genuine one of the table and of the file, every forged one named.
  let tableNewest: Anchor | undefined;
  for (const a of await tableAnchors(db)) {
    if (!anchorIsGenuine(keys, a)) {
      add({ id: null, kind: 'bad_anchor', detail: `数据库中的第 ${a.id} 号锚点 MAC 不符：锚点被伪造或改动` });
    } else if (!tableNewest) tableNewest = a;
  }
  let fileNewest: Anchor | undefined;
  for (const f of fileAnchors(anchorFile)) {
    if ('broken' in f) {
      add({
        id: null,
        kind: 'bad_anchor',
        detail: `锚点文件倒数第 ${f.line} 行不是有效的锚点（${f.broken}）`,
      });
    } else if (!anchorIsGenuine(keys, f.anchor)) {
      add({
        id: null,
        kind: 'bad_anchor',
        detail: `锚点文件倒数第 ${f.line} 行（第 ${f.anchor.id} 号锚点）MAC 不符：锚点被伪造或改动`,
      });
    } else if (!fileNewest) fileNewest = f.anchor;
  }
  if (fileNewest) {
    // What the file holds, the table must still hold: the same anchor, unchanged.
    const [inTable] = await db
      .select({ mac: auditAnchors.mac })
      .from(auditAnchors)
      .where(eq(auditAnchors.id, fileNewest.id));
    if (!inTable) {
      add({
        id: null,
        kind: 'anchor_deleted',
        detail: `第 ${fileNewest.id} 号锚点（${beijing(fileNewest.createdAt)}）在数据文件夹的锚点文件中有，数据库中却没有：数据库中的锚点被删除`,
      });
    } else if (!sameMac(inTable.mac, fileNewest.mac)) {
      add({
        id: null,
        kind: 'anchor_deleted',
        detail: `第 ${fileNewest.id} 号锚点在数据库中与数据文件夹中的不同：数据库中的锚点被改动`,
      });
    }
  }
  const anchor = fileNewest && newer(fileNewest, tableNewest) ? fileNewest : tableNewest;

  // Then every row, from the first.
  let prev: { id: number; hash: string | null } | undefined;
  let total = 0;
  let upToAnchor = 0;
  let atAnchor: { hash: string | null } | undefined;
  let checked = 0;
  let unmacd = 0;
  let after = 0;
  for (;;) {
    const rows = await chainBatch(db, after);
    for (const { row, time } of rows) {
      after = row.id;
      total++;
      const mine = units === null || (row.companyId !== null && units.includes(row.companyId));
      if (anchor?.lastId !== undefined && anchor.lastId !== null && row.id <= anchor.lastId) upToAnchor++;
      if (row.id === anchor?.lastId) atAnchor = { hash: row.hash };
      if (mine) checked++;
      const here: AuditProblem[] = [];
      if (!prev) {
        if (row.prevHash !== null)
          here.push({
            id: row.id,
            kind: 'missing_start',
            detail: `第 ${row.id} 条记录之前的记录缺失：它是现存的第一条，却接在一条已不存在的记录之后（链开头的记录被删除）`,
          });
      } else if (prev.hash !== null && row.prevHash !== prev.hash) {
        // (After a row without MAC, that row's own problem says it.)
        here.push({
          id: row.id,
          kind: 'missing_middle',
          detail: `第 ${row.id} 条记录接不上前一条（第 ${prev.id} 条）：其间的记录被删除，或前一条被改动`,
        });
      }
      if (row.hash === null || row.macAlg === null) {
        if (mine) unmacd++;
        here.push({
          id: row.id,
          kind: 'no_mac',
          detail: `第 ${row.id} 条记录没有 MAC：它的哈希被清空，或是一条未经重新链接的旧记录`,
        });
      } else {
        const expected = rowMac(keys, row.macAlg, row, time);
        if (expected === null) {
          here.push({
            id: row.id,
            kind: 'bad_mac',
            detail: `第 ${row.id} 条记录的 MAC 算法“${row.macAlg}”未知`,
          });
        } else if (!sameMac(expected, row.hash)) {
          here.push({
            id: row.id,
            kind: 'bad_mac',
            detail: `第 ${row.id} 条记录的 MAC 不符：内容或时间被改动，或这条记录是不持有审计密钥者写入或重算的`,
          });
        }
      }
      if (mine) here.forEach(add);
      prev = { id: row.id, hash: row.hash };
    }
    if (rows.length < BATCH) break;
  }

  // The whole against the newest anchor: nothing at either end may be missing (whole-chain answers only).
  if (units === null && anchor && anchor.rowCount > 0) {
    const when = beijing(anchor.createdAt);
    const last = anchor.lastId!;
    if (!atAnchor) {
      add({
        id: last,
        kind: 'missing_end',
        detail:
          after < last
            ? `末尾的记录被删除：最近的锚点（${when}）时共 ${anchor.rowCount} 条、最后一条是第 ${last} 条，现在最后一条是第 ${after || '—'} 条`
            : `第 ${last} 条记录（最近的锚点 ${when} 时的最后一条）已不存在：记录被删除`,
      });
    } else if (atAnchor.hash === null || !sameMac(atAnchor.hash, anchor.lastMac ?? '')) {
      add({
        id: last,
        kind: 'anchor_mismatch',
        detail: `第 ${last} 条记录的 MAC 与最近的锚点（${when}）记下的不同：链被重写`,
      });
    }
    if (upToAnchor !== anchor.rowCount) {
      const fewer = upToAnchor < anchor.rowCount;
      add({
        id: null,
        kind: fewer ? 'missing_rows' : 'extra_rows',
        detail: `最近的锚点（${when}）时第 ${last} 条及之前共 ${anchor.rowCount} 条记录，现在有 ${upToAnchor} 条：${
          fewer
            ? `${anchor.rowCount - upToAnchor} 条记录被删除`
            : `多出 ${upToAnchor - anchor.rowCount} 条记录`
        }`,
      });
    }
  }

  const intact = all.length === 0;
  const firstRow = all.find((p) => p.id !== null && p.kind !== 'missing_end' && p.kind !== 'anchor_mismatch');
  const scope = units === null ? 'all' : 'units';
  const anchorText = anchor
    ? `，与最近的锚点（${beijing(anchor.createdAt)}，${anchor.rowCount} 条）一致`
    : '；尚无锚点（链有变化时每分钟记一次）';
  const detail = !intact
    ? `发现 ${all.length} 处问题，第一处：${all[0]!.detail}`
    : scope === 'all'
      ? `审计链完整：已逐条核对全部 ${total} 条记录的 MAC 与前后链接${anchorText}`
      : `您所管单位的 ${checked} 条审计记录完整：已逐条核对它们的 MAC 与前后链接（记录是否被整条删除，由系统管理员或监督员核验整条链）`;
  return {
    intact,
    scope,
    checked,
    legacy: unmacd,
    first_broken_id: firstRow?.id ?? all.find((p) => p.id !== null)?.id ?? null,
    detail,
    problem_count: all.length,
    problems: all.slice(0, LISTED),
    anchor: anchor
      ? {
          created_at: new Date(anchor.createdAt).toISOString(),
          row_count: scope === 'all' ? anchor.rowCount : null,
          last_id: scope === 'all' ? anchor.lastId : null,
          source:
            fileNewest && tableNewest && fileNewest.id === tableNewest.id
              ? 'both'
              : anchor === fileNewest
                ? 'file'
                : 'database',
        }
      : null,
  };
}

/** Whether the chain has any keyed row or anchor: once it has, no row is ever re-chained again. */
export async function chainIsKeyed(db: Db): Promise<boolean> {
  const [keyed] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(isNotNull(auditLog.macAlg))
    .limit(1);
  if (keyed) return true;
  const [anchored] = await db.select({ id: auditAnchors.id }).from(auditAnchors).limit(1);
  return !!anchored;
}
