import { appendFileSync, closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditAnchors } from '../../db/schema';
import { sameMac, type CryptoSuite, type Keys } from '../../lib/keys';
import {
  anchorMac,
  chainSetup,
  hasChainSetup,
  isTransaction,
  MICRO_TIME_FORMAT,
  microTime,
  type AnchorFields,
} from './audit-chain';
import { auditHead } from './audit-head';
import { CHAIN_LOCK } from './audit.repository';

/** The anchor file's name in the data folder: one JSON line per anchor, only ever appended to. */
export const ANCHOR_FILE = 'audit-anchors.log';
export const anchorFileIn = (dataDir: string) => path.join(dataDir, ANCHOR_FILE);

export interface Anchor extends AnchorFields {
  mac: string;
}

/**
 * Anchors the audit chain's head now: a row in `audit_anchors` MAC'd with the audit key and, from the root
 * database (not inside a transaction that may still roll back), the same anchor as one line appended to the
 * data folder's anchor file, out of reach of whoever holds only the database. Called every minute while
 * the chain changed (audit-setup.ts), after the re-chaining, and for every printed document (report seals).
 * `reason` goes into the file line ('timer', 'report', …).
 */
export async function anchorAudit(db: Db, keys: Keys, reason = 'manual'): Promise<Anchor> {
  let nested = false;
  const anchor = await db.transaction(async (tx) => {
    // A savepoint inside someone's transaction (drizzle numbers them from 0): its rows may still roll back.
    nested = ((tx as unknown as { nestedIndex?: number }).nestedIndex ?? 0) > 0;
    // The head and the anchor under the chain's lock: no row is appended between reading and anchoring.
    await tx.execute(CHAIN_LOCK);
    const head = await auditHead(tx);
    const seq = (await tx.execute(
      sql`SELECT nextval(pg_get_serial_sequence('audit_anchors', 'id'))::text AS id`,
    )) as unknown as { rows: { id: string }[] };
    const createdAt = new Date();
    const fields: AnchorFields = {
      id: Number(seq.rows[0]!.id),
      rowCount: head.rowCount,
      lastId: head.lastId,
      lastMac: head.lastMac,
      createdAt: microTime(createdAt),
    };
    const mac = anchorMac(keys, keys.suite, fields);
    await tx.insert(auditAnchors).values({
      id: fields.id,
      rowCount: fields.rowCount,
      lastId: fields.lastId,
      lastMac: fields.lastMac,
      mac,
      createdAt,
    });
    return { ...fields, mac };
  });
  const file = hasChainSetup(db) ? chainSetup(db).anchorFile : undefined;
  if (file && !nested && !isTransaction(db)) {
    const line = {
      id: anchor.id,
      row_count: anchor.rowCount,
      last_id: anchor.lastId,
      last_mac: anchor.lastMac,
      created_at: anchor.createdAt,
      suite: keys.suite,
      reason,
      mac: anchor.mac,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }
  return anchor;
}

/** Whether the anchor's MAC is one the audit key made (in either suite: CRYPTO_SUITE may have changed). */
export function anchorIsGenuine(keys: Keys, a: Anchor): boolean {
  return (['default', 'sm'] as CryptoSuite[]).some((suite) => sameMac(anchorMac(keys, suite, a), a.mac));
}

/** The newest anchors of the table, newest first, with their times to the microsecond. */
export async function tableAnchors(db: Db, limit = 50): Promise<Anchor[]> {
  const rows = await db
    .select({
      id: auditAnchors.id,
      rowCount: auditAnchors.rowCount,
      lastId: auditAnchors.lastId,
      lastMac: auditAnchors.lastMac,
      mac: auditAnchors.mac,
      createdAt: sql<string>`to_char(${auditAnchors.createdAt} AT TIME ZONE 'UTC', ${sql.raw(`'${MICRO_TIME_FORMAT}'`)})`,
    })
    .from(auditAnchors)
    .orderBy(desc(auditAnchors.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    rowCount: Number(r.rowCount),
    lastId: r.lastId === null ? null : Number(r.lastId),
  }));
}

/** A line of the anchor file as read back: the anchor, or why the line is not one. */
export type FileAnchor = { line: number; anchor: Anchor } | { line: number; broken: string };

const TAIL_BYTES = 256 * 1024;

/**
 * The last lines of the anchor file (its newest anchors), newest first; none when there is no file. Only
 * the tail is read: the newest anchor is what the check needs, and the file grows by a line a minute at most
 * while the log changes.
 */
export function fileAnchors(file: string | undefined): FileAnchor[] {
  if (!file || !existsSync(file)) return [];
  const size = statSync(file).size;
  const start = Math.max(0, size - TAIL_BYTES);
  const buf = Buffer.alloc(size - start);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, buf.length, start);
  } finally {
    closeSync(fd);
  }
  let lines = buf.toString('utf8').split('\n');
  // A tail that starts mid-line drops that piece.
  if (start > 0) lines = lines.slice(1);
  const out: FileAnchor[] = [];
  lines.forEach((text, n) => {
    if (!text.trim()) return;
    try {
      const j = JSON.parse(text) as Record<string, unknown>;
      const num = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);
      const id = num(j.id);
      const rowCount = num(j.row_count);
      const lastId = j.last_id === null ? null : num(j.last_id);
      const lastMac = j.last_mac === null ? null : typeof j.last_mac === 'string' ? j.last_mac : undefined;
      if (
        id === undefined ||
        rowCount === undefined ||
        lastId === undefined ||
        lastMac === undefined ||
        typeof j.created_at !== 'string' ||
        typeof j.mac !== 'string'
      ) {
        out.push({ line: n + 1, broken: '缺少字段' });
      } else {
        out.push({
          line: n + 1,
          anchor: { id, rowCount, lastId, lastMac, createdAt: j.created_at, mac: j.mac },
        });
      }
    } catch {
      out.push({ line: n + 1, broken: '不是有效的 JSON' });
    }
  });
  // Numbered from the end (倒数第 n 行): the tail's first line number is not known.
  return out.reverse().map((a, n) => ({ ...a, line: n + 1 }));
}
