import {
  groupedSealCode,
  normalizeSealCode,
  SEALED_DOCUMENT_LABELS,
  SEALED_DOCUMENTS,
  type ReportCheckAnswer,
  type SealedDocument,
} from '@kaoping/contracts/report-check';
import type { Db } from '../../db/client';
import { AppError, fail } from '../../lib/errors';
import { sameMac, type Keys } from '../../lib/keys';
import { anchorAudit } from '../audit/audit-anchor';
import { auditHead, type AuditHead } from '../audit/audit-head';
import { findUserById } from '../auth/auth.repository';
import { findCompany } from '../companies/companies.repository';
import { findRound } from '../rounds/rounds.repository';
import { findSeal, insertSeal } from './report-seals.repository';
import { figuresMacOf, sealCodeOf } from './seal-code';

export interface SealRequest {
  kind: SealedDocument;
  /** The unit and round of the document; null for one drawn across units (the 跨单位排名). */
  companyId: number | null;
  roundId: number | null;
  /** What else it was drawn for: the rankings' year and the units the account saw (`units`). */
  scope?: { year: number; units: number[] | null };
  /** The figures the document prints, as it is drawn from them. */
  figures: unknown;
  /** The signed-in account that asked for the document. */
  userId: number | null;
}

export interface Seal {
  /** ABCD-EFGH-JKMN-PQRS, as printed. */
  code: string;
  sealedAt: Date;
}

/**
 * Seals a document about to be produced: the MAC of its figures and the audit head now, under a new
 * 核验码, one row per document, and an anchor of the audit head. Reading a report is not an admin write,
 * so this leaves no audit row.
 */
export async function sealDocument(db: Db, keys: Keys, req: SealRequest): Promise<Seal> {
  // Every printed document anchors the audit head outside the table too (audit-anchor.ts); the seal keeps
  // the head so anchored.
  const head = await anchorAudit(db, keys, 'report');
  const figuresMac = figuresMacOf(keys, req.kind, req.figures);
  let createdAt = new Date();
  for (;;) {
    const fields = {
      kind: req.kind,
      companyId: req.companyId,
      roundId: req.roundId,
      figuresMac,
      auditRows: head.rowCount,
      auditMac: head.lastMac,
      scope: req.scope ?? null,
      createdAt,
    };
    const code = sealCodeOf(keys, fields);
    if (await insertSeal(db, { ...fields, code, createdBy: req.userId }))
      return { code: groupedSealCode(code), sealedAt: createdAt };
    // The same document sealed twice in one millisecond: the next millisecond gives another code.
    createdAt = new Date(createdAt.getTime() + 1);
  }
}

/** How a document's figures are read again today (given by the modules that print them). */
export type FiguresOf = (
  db: Db,
  kind: SealedDocument,
  sealed: { companyId: number; roundId: number } | { scope: SealScope },
) => Promise<unknown>;

/** A document drawn across units: its year and the units it covered (null: every unit). */
export interface SealScope {
  year: number;
  units: number[] | null;
}

const scopeOf = (value: unknown): SealScope | null => {
  const s = value as Partial<SealScope> | null;
  return s && typeof s.year === 'number' && (s.units === null || Array.isArray(s.units))
    ? { year: s.year, units: s.units }
    : null;
};

/** Whether an account that sees `units` (null: all) may check a seal: its unit, or every unit it covered. */
function seesSeal(seal: { companyId: number | null; scope: unknown }, units: number[] | null) {
  if (units === null) return true;
  if (seal.companyId !== null) return units.includes(seal.companyId);
  const covered = scopeOf(seal.scope)?.units;
  return !!covered && covered.every((u) => units.includes(u));
}

const headAnswer = (h: Pick<AuditHead, 'rowCount' | 'lastMac'>) => ({
  row_count: h.rowCount,
  last_mac: h.lastMac,
});

/**
 * 报告核验: finds the seal of a code (404 for an unknown code and for a unit the account does not see),
 * reads the document's figures again and says whether they are still the ones printed.
 */
export async function checkSeal(
  db: Db,
  keys: Keys,
  figuresOf: FiguresOf,
  typed: string,
  units: number[] | null,
): Promise<ReportCheckAnswer> {
  const code = normalizeSealCode(typed);
  if (!code) throw fail('REPORT_CODE_INVALID');
  const seal = await findSeal(db, code);
  const kind = SEALED_DOCUMENTS.find((k) => k === seal?.kind);
  if (!seal || !kind) throw fail('REPORT_CODE_UNKNOWN');
  if (!seesSeal(seal, units)) throw fail('REPORT_CODE_UNKNOWN');
  const scope = scopeOf(seal.scope);
  const [company, round, user, now] = await Promise.all([
    seal.companyId === null ? undefined : findCompany(db, seal.companyId),
    seal.roundId === null ? undefined : findRound(db, seal.roundId),
    seal.createdBy === null ? undefined : findUserById(db, seal.createdBy),
    auditHead(db),
  ]);
  const authentic = sameMac(sealCodeOf(keys, seal), seal.code);
  let status: ReportCheckAnswer['status'] = 'forged';
  if (authentic) {
    const sealed = scope
      ? { scope }
      : company && round && round.companyId === company.id
        ? { companyId: company.id, roundId: round.id }
        : null;
    if (!sealed) status = 'gone';
    else {
      try {
        const figures = await figuresOf(db, kind, sealed);
        status = sameMac(figuresMacOf(keys, kind, figures), seal.figuresMac) ? 'match' : 'changed';
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
        status = 'gone';
      }
    }
  }
  return {
    code: groupedSealCode(seal.code),
    status,
    document: kind,
    document_label: SEALED_DOCUMENT_LABELS[kind],
    company: company ? { id: company.id, name: company.name } : null,
    round: round ? { id: round.id, name: round.name } : null,
    printed_at: seal.createdAt.toISOString(),
    printed_by: user?.username ?? null,
    audit_then: { row_count: seal.auditRows, last_mac: seal.auditMac },
    audit_now: headAnswer(now),
    checked_at: new Date().toISOString(),
  };
}
