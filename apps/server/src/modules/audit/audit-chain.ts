import { createHash } from 'node:crypto';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { macOf, type CryptoSuite, type Keys } from '../../lib/keys';

/** The fields of an audit row that its MAC covers (everything but the MAC itself). */
export interface ChainedFields {
  id: number;
  userId: number | null;
  username: string;
  role: string | null;
  action: string;
  companyId: number | null;
  objectType: string | null;
  objectId: string | null;
  summary: string;
  detail: unknown;
  prevHash: string | null;
}

/** JSON with object keys sorted at every level, so jsonb's own key order does not change the MAC. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function contentOf(row: ChainedFields, createdAt: string): string {
  return canonicalJson({
    id: row.id,
    user_id: row.userId,
    username: row.username,
    role: row.role,
    action: row.action,
    company_id: row.companyId,
    object_type: row.objectType,
    object_id: row.objectId,
    summary: row.summary,
    detail: row.detail,
    created_at: createdAt,
  });
}

/**
 * The unkeyed SHA-256 of the chain before issue 27 (Date in milliseconds): only the one-time re-chaining
 * reads it, to say in its own audit row whether the old chain was still intact.
 */
export function legacyRowHash(row: ChainedFields & { createdAt: Date }): string {
  return createHash('sha256')
    .update(row.prevHash ?? '')
    .update('\n')
    .update(contentOf(row, row.createdAt.toISOString()))
    .digest('hex');
}

/** The MAC algorithms a row may name in `mac_alg`. */
export type MacAlg = 'hmac-sha256' | 'hmac-sm3';
export const macAlgOf = (suite: CryptoSuite): MacAlg => (suite === 'sm' ? 'hmac-sm3' : 'hmac-sha256');
const suiteOfAlg = (alg: string): CryptoSuite | null =>
  alg === 'hmac-sm3' ? 'sm' : alg === 'hmac-sha256' ? 'default' : null;

/**
 * A time as PostgreSQL keeps it, to the microsecond, in UTC ('2026-11-26T01:50:00.123000Z'): what the MAC
 * covers, so that a time moved by less than a millisecond changes it. `MICRO_TIME` reads a column so.
 */
export const microTime = (d: Date) => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
export const MICRO_TIME_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`;

/**
 * HMAC (SHA-256 or SM3, as `alg` names) with the audit key over the previous row's MAC, the algorithm and
 * this row's content and time: without the key nobody can make a row that verifies. Null for an unknown
 * algorithm.
 */
export function rowMac(keys: Keys, alg: string, row: ChainedFields, createdAt: string): string | null {
  const suite = suiteOfAlg(alg);
  if (!suite) return null;
  return macOf(
    { ...keys, suite },
    keys.audit,
    'audit-row',
    alg,
    row.prevHash ?? '',
    contentOf(row, createdAt),
  );
}

/** What one anchor says: the chain's head at one moment, and when. */
export interface AnchorFields {
  id: number;
  rowCount: number;
  lastId: number | null;
  lastMac: string | null;
  /** microTime of the moment. */
  createdAt: string;
}

/** The anchor's MAC with the audit key, in the given suite. */
export function anchorMac(keys: Keys, suite: CryptoSuite, a: AnchorFields): string {
  return macOf(
    { ...keys, suite },
    keys.audit,
    'audit-anchor',
    String(a.id),
    String(a.rowCount),
    a.lastId === null ? '' : String(a.lastId),
    a.lastMac ?? '',
    a.createdAt,
  );
}

/** Where a database's audit chain takes its key and writes its anchor file (set once by app.ts). */
export interface ChainSetup {
  keys: Keys;
  /** The append-only anchor file in the data folder; none in in-process tests without one. */
  anchorFile?: string;
}

// Keyed by the database's SQL dialect object, which drizzle shares between a database and every transaction
// opened on it: appendAudit(tx, …) finds the keys of the app whose database the transaction belongs to, and
// several apps in one test process each keep their own.
const setups = new WeakMap<object, ChainSetup>();
const keyOf = (db: Db): object => (db as unknown as { dialect?: object }).dialect ?? db;

export function useAuditChain(db: Db, setup: ChainSetup) {
  setups.set(keyOf(db), setup);
}

/** The setup of this database (or of the database of this transaction); throws when none was made. */
export function chainSetup(db: Db): ChainSetup {
  const found = setups.get(keyOf(db));
  if (!found) throw new Error('审计密钥未设置：审计日志不能写入没有 MAC 的记录');
  return found;
}

export const hasChainSetup = (db: Db) => setups.has(keyOf(db));

/** Whether `db` is a transaction (whose writes may still roll back). */
export const isTransaction = (db: Db): boolean => is(db, PgTransaction);
