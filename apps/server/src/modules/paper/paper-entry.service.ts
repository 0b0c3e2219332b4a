import {
  PAPER_SHEET_STATE_LABELS,
  type PaperCorrectBody,
  type PaperEntryBody,
  type PaperSheetState,
} from '@kaoping/contracts/paper-ballots';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fail } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { freeCode } from '../ballot-codes/ballot-codes.repository';
import { deletePaperSubmission } from '../ballots/submissions.repository';
import { invalidateFigures } from '../figures/figures.repository';
import type { VoteTypeRow } from '../vote-types/vote-types.repository';
import {
  assertOtherKeyer,
  assertThirdKeyer,
  checkSheet,
  entriesOf,
  lockForPaper,
  paperDefinition,
  sameEntries,
  storeSheetBallot,
} from './paper-ballot';
import { alreadyCounted, isTalk, keyOf, notEntered, resolveSheet } from './paper-sheet-key';
import { sheetOf } from './paper-view';
import * as repo from './paper.repository';

// Keying paper sheets (纸质票录入): enter, correct or settle, withdraw. Each is one transaction holding the
// vote type, audited without codes or answers (docs/ARCHITECTURE.md "Paper ballots").

/** The keyer is `actor.userId`: an account, not a sign-in session (issue 26). */
interface Opts {
  companyId?: number;
  actor: Actor;
}

async function audit(
  tx: Db,
  actor: Actor,
  action: string,
  what: string,
  v: VoteTypeRow,
  sheet: { id: number; state: string },
) {
  // 谈话调研推荐 keys talk records: '录入谈话记录' rather than '录入纸质票'.
  const noun = isTalk(v) ? '谈话记录' : '纸质票';
  actor.audit.summary = `${what}${noun}：“${v.name}”（${PAPER_SHEET_STATE_LABELS[sheet.state as PaperSheetState] ?? '已撤回'}）`;
  await recordAudit(tx, actor, action, {
    vote_type_id: v.id,
    company_id: v.companyId,
    name: v.name,
    sheet_id: sheet.id,
    state: sheet.state,
  });
}

/** Takes a sheet's counted ballot back (if it has one): the ballot deleted, its code unused again. */
async function uncount(tx: Db, v: VoteTypeRow, sheet: repo.PaperSheetRow) {
  if (!sheet.submissionId) return;
  await deletePaperSubmission(tx, sheet.submissionId);
  await invalidateFigures(tx, v.id);
  if (v.accessMode === 'codes') await freeCode(tx, v.id, sheet.sheetKey);
}

/**
 * Enters one sheet. Double entry off: checked and counted at once. On: the first entry waits (nothing
 * counted, the code not consumed); a second entry by another account counts the ballot when both
 * agree, else marks the sheet a conflict for a third account.
 */
export async function enterSheet(db: Db, voteTypeId: number, body: PaperEntryBody, opts: Opts) {
  const keyer = opts.actor.userId;
  const def = await paperDefinition(db, voteTypeId, opts.companyId);
  return db.transaction(async (tx) => {
    const v = await lockForPaper(tx, voteTypeId, opts.companyId);
    const { key, sheet } = await resolveSheet(tx, v, body.key, true);
    if (sheet?.state === 'counted') throw alreadyCounted(v, key);
    if (sheet?.state === 'conflict') throw fail('PAPER_IN_CONFLICT');
    if (sheet) assertOtherKeyer(sheet, keyer);
    const clean = checkSheet(def, body.ballots);
    const entries = entriesOf(clean);
    let row: repo.PaperSheetRow;
    if (!sheet) {
      const counted = !v.doubleEntry;
      row = await repo.insertSheet(tx, {
        voteTypeId: v.id,
        roundId: v.roundId,
        sheetKey: key,
        state: counted ? 'counted' : 'pending',
        firstAnswers: entries,
        firstUserId: keyer,
        submissionId: counted ? await storeSheetBallot(tx, v, def, clean, key) : null,
      });
    } else if (sameEntries(sheet.firstAnswers, entries)) {
      row = await repo.updateSheet(tx, sheet.id, {
        state: 'counted',
        secondAnswers: entries,
        secondUserId: keyer,
        submissionId: await storeSheetBallot(tx, v, def, clean, key),
      });
    } else {
      row = await repo.updateSheet(tx, sheet.id, {
        state: 'conflict',
        secondAnswers: entries,
        secondUserId: keyer,
      });
    }
    await audit(tx, opts.actor, 'paper.enter', '录入', v, row);
    return sheetOf(tx, v, row, keyer);
  });
}

/**
 * Corrects a counted sheet (the old ballot removed, the code freed and consumed again by the corrected
 * one), or settles a conflict: only an account that made neither entry may, and its answers are counted.
 */
export async function correctSheet(
  db: Db,
  voteTypeId: number,
  typed: string,
  body: PaperCorrectBody,
  opts: Opts,
) {
  const keyer = opts.actor.userId;
  const def = await paperDefinition(db, voteTypeId, opts.companyId);
  return db.transaction(async (tx) => {
    const v = await lockForPaper(tx, voteTypeId, opts.companyId);
    const { key, sheet } = await resolveSheet(tx, v, typed, true);
    if (!sheet) throw notEntered(v, key);
    if (sheet.state === 'pending') throw fail('PAPER_NOT_COUNTED');
    const settling = sheet.state === 'conflict';
    if (settling) assertThirdKeyer(sheet, keyer);
    const clean = checkSheet(def, body.ballots);
    await uncount(tx, v, sheet); // a conflict has no counted ballot yet
    const submissionId = await storeSheetBallot(tx, v, def, clean, key);
    const row = await repo.updateSheet(tx, sheet.id, { state: 'counted', submissionId });
    await audit(tx, opts.actor, 'paper.correct', settling ? '核对' : '更正', v, row);
    return sheetOf(tx, v, row, keyer);
  });
}

/** Withdraws a sheet: its ballot (if counted) removed, the code unused again, the sheet gone. */
export async function withdrawSheet(db: Db, voteTypeId: number, typed: string, opts: Opts) {
  await db.transaction(async (tx) => {
    const v = await lockForPaper(tx, voteTypeId, opts.companyId);
    const { key } = keyOf(v, typed);
    const sheet = await repo.findSheet(tx, v.id, key, true);
    if (!sheet) throw notEntered(v, key);
    await uncount(tx, v, sheet);
    await repo.deleteSheet(tx, sheet.id);
    await audit(tx, opts.actor, 'paper.withdraw', '撤回', v, { id: sheet.id, state: 'withdrawn' });
  });
}
