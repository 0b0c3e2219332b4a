import type { FastifyInstance } from 'fastify';
import { asc, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Keys } from '../../lib/keys';
import { anchorAudit, anchorFileIn, fileAnchors } from './audit-anchor';
import { legacyRowHash, macAlgOf, MICRO_TIME_FORMAT, rowMac, useAuditChain } from './audit-chain';
import { auditHead } from './audit-head';
import { appendAudit, CHAIN_LOCK } from './audit.repository';
import { chainIsKeyed } from './audit-verify';

/** How often the chain's head is anchored while it changes. */
export const ANCHOR_EVERY_MS = 60_000;
const BATCH = 1000;

export interface RechainResult {
  rows: number;
  /** The first row where the old, unkeyed chain was already broken; null when it was intact. */
  oldBrokenAt: number | null;
  /** Rows from before any chain (no hash at all). */
  unhashed: number;
}

/**
 * Re-chains, once, the rows written before the audit key (mac_alg null) with the keyed MAC, and records
 * that moment as an audit row of its own (`audit.rechain`, saying whether the old chain was intact), then
 * anchors the new head. Never again once the chain has a keyed row or an anchor (table or file): nulling
 * MACs later does not get rows re-keyed, verify names them. SQL alone cannot do this: the key is not in the
 * database (decision 0044).
 */
export async function rechainLegacy(db: Db, keys: Keys, anchorFile?: string): Promise<RechainResult | null> {
  if (fileAnchors(anchorFile).length > 0) return null;
  const done = await db.transaction(async (tx) => {
    await tx.execute(CHAIN_LOCK);
    if (await chainIsKeyed(tx)) return null;
    const [legacy] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(isNull(auditLog.macAlg))
      .limit(1);
    if (!legacy) return null;
    const alg = macAlgOf(keys.suite);
    let prevOld: string | null | undefined;
    let oldBrokenAt: number | null = null;
    let unhashed = 0;
    let prevMac: string | null = null;
    let rows = 0;
    let after = 0;
    for (;;) {
      const batch = await tx
        .select({
          row: auditLog,
          time: sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', ${sql.raw(`'${MICRO_TIME_FORMAT}'`)})`,
        })
        .from(auditLog)
        .where(gt(auditLog.id, after))
        .orderBy(asc(auditLog.id))
        .limit(BATCH);
      const values = [];
      for (const { row, time } of batch) {
        after = row.id;
        // The old chain as it stood (the check verify made before issue 27).
        if (row.hash === null && prevOld === undefined) unhashed++;
        else if (oldBrokenAt === null) {
          const linked = prevOld === undefined || row.prevHash === prevOld;
          if (!linked || row.hash !== legacyRowHash(row)) oldBrokenAt = row.id;
          prevOld = row.hash;
        }
        const mac: string = rowMac(keys, alg, { ...row, prevHash: prevMac }, time)!;
        values.push(sql`(${row.id}::bigint, ${prevMac}::text, ${mac}::text)`);
        prevMac = mac;
        rows++;
      }
      if (values.length) {
        await tx.execute(sql`UPDATE audit_log AS a SET prev_hash = v.prev, hash = v.mac, mac_alg = ${alg}
          FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, prev, mac) WHERE a.id = v.id`);
      }
      if (batch.length < BATCH) break;
    }
    const oldChain = oldBrokenAt === null ? '原哈希链完整' : `原哈希链自第 ${oldBrokenAt} 条起已不完整`;
    await appendAudit(
      tx,
      {
        userId: null,
        username: '系统',
        role: null,
        action: 'audit.rechain',
        companyId: null,
        objectType: 'audit',
        objectId: null,
        summary: `启用审计密钥，重新链接此前的 ${rows} 条记录（${oldChain}${unhashed ? `；其中 ${unhashed} 条早于哈希链` : ''}）`,
        detail: { rows, old_chain_broken_at: oldBrokenAt, unhashed, mac_alg: alg },
      },
      keys,
    );
    return { rows, oldBrokenAt, unhashed };
  });
  if (done) await anchorAudit(db, keys, 'rechain');
  return done;
}

/**
 * The audit chain of one app: its key and anchor file set for its database (appendAudit and anchorAudit
 * find them there), the legacy rows re-chained once, and the head anchored every minute while it changed
 * and once more when the app closes. `dataDir`: the data folder that keeps the anchor file (none in
 * in-process tests: the table alone).
 */
export async function startAuditChain(app: FastifyInstance, dataDir?: string) {
  const anchorFile = dataDir ? anchorFileIn(dataDir) : undefined;
  useAuditChain(app.db, { keys: app.keys, anchorFile });
  const rechained = await rechainLegacy(app.db, app.keys, anchorFile);
  if (rechained) app.log.info(rechained, '审计日志已用审计密钥重新链接');

  let anchored: string | undefined;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const head = await auditHead(app.db);
      const key = `${head.rowCount}:${head.lastMac}`;
      if (head.rowCount > 0 && key !== anchored) {
        await anchorAudit(app.db, app.keys, 'timer');
        anchored = key;
      }
    } catch (err) {
      app.log.warn({ err }, '记录审计锚点失败');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), ANCHOR_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await tick();
  });
}
