import { formatCode, normalizeCode } from '@kaoping/contracts/ballot-codes';
import { MAX_SHEET_NUMBER } from '@kaoping/contracts/paper-ballots';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { codeOfOtherVoteType, findCodeState, isPaperCode } from '../ballot-codes/ballot-codes.repository';
import type { VoteTypeRow } from '../vote-types/vote-types.repository';
import { findSheet, type PaperSheetRow } from './paper.repository';
import { runsOf } from './print-runs.repository';

/** A sheet's key as stored and as shown: the code (codes mode) or the sheet number (link mode). */
export interface SheetKey {
  key: string;
  label: string;
}

type KeyMode = Pick<VoteTypeRow, 'accessMode' | 'recommendationMode'>;

/** 谈话调研推荐: its sheets are talk records (谈话记录), keyed by 谈话序号; its refusals say so. */
export const isTalk = (v: Pick<VoteTypeRow, 'recommendationMode'>) => v.recommendationMode === 'talk';

/** The stored key of what the keyer typed, without looking anything up; 404/400 when it cannot be one. */
export function keyOf(v: KeyMode, typed: string): SheetKey {
  if (v.accessMode === 'codes') {
    const code = normalizeCode(typed);
    if (!code.ok) throw fail('PAPER_CODE_UNKNOWN');
    return { key: code.code, label: formatCode(code.code) };
  }
  const t = typed.trim();
  const n = /^\d{1,6}$/.test(t) ? Number(t) : NaN;
  if (!(n >= 1 && n <= MAX_SHEET_NUMBER))
    throw fail(isTalk(v) ? 'RECOMMENDATION_TALK_NUMBER' : 'PAPER_SHEET_NUMBER', { max: MAX_SHEET_NUMBER });
  return { key: String(n), label: labelOf(v, String(n)) };
}

export const labelOf = (v: KeyMode, key: string) =>
  v.accessMode === 'codes' ? formatCode(key) : isTalk(v) ? `谈话序号 ${key}` : `编号 ${key}`;

/** A keyed sheet that is already counted (409), or not entered (404), in the words of its vote type. */
export const alreadyCounted = (v: KeyMode, key: string) =>
  isTalk(v) ? fail('RECOMMENDATION_TALK_ALREADY_COUNTED', { number: key }) : fail('PAPER_ALREADY_COUNTED');
export const notEntered = (v: KeyMode, key: string) =>
  isTalk(v) ? fail('RECOMMENDATION_TALK_NOT_ENTERED', { number: key }) : fail('PAPER_NOT_ENTERED');

/**
 * Link mode: the number must be one a print run of the vote type's current mode printed (打印纸质选票
 * numbers the sheets): 409 before any print, 404 naming the printed numbers otherwise.
 */
async function assertPrinted(db: Db, v: VoteTypeRow, key: string) {
  const runs = await runsOf(db, v.id, v.testMode);
  if (runs.length === 0) throw fail('PAPER_NOT_PRINTED');
  const n = Number(key);
  if (runs.some((r) => n >= r.first && n <= r.last)) return;
  const ranges = runs.map((r) => (r.first === r.last ? `${r.first}` : `${r.first}-${r.last}`)).join('、');
  throw fail('PAPER_NUMBER_NOT_PRINTED', { number: n, ranges });
}

/**
 * The key of a sheet that is to be keyed, with its row when it has one. In codes mode the code must be a
 * code of this vote type (404 naming another vote type's code as such), printed on a paper sheet (403: a
 * phone's code is not a paper key), not voided (403), and not used by a phone ballot (409; a code used by
 * this sheet's own counted ballot is fine). In link mode the number must be a printed one. The same
 * messages as the check the entry screen calls before keying.
 */
export async function resolveSheet(
  db: Db,
  v: VoteTypeRow,
  typed: string,
  lock = false,
): Promise<SheetKey & { sheet: PaperSheetRow | undefined }> {
  const k = keyOf(v, typed);
  const sheet = await findSheet(db, v.id, k.key, lock);
  if (v.accessMode === 'codes') {
    const state = await findCodeState(db, v.id, k.key);
    if (state === undefined) {
      const other = await codeOfOtherVoteType(db, v.companyId, v.id, k.key);
      throw fail(other ? 'PAPER_CODE_OTHER_TYPE' : 'PAPER_CODE_UNKNOWN');
    }
    if (!(await isPaperCode(db, v.id, k.key))) throw fail('CODE_NOT_PAPER');
    if (state === 'voided') throw fail('CODE_VOIDED');
    if (state === 'used' && sheet?.state !== 'counted') throw fail('CODE_USED');
  } else if (v.recommendationMode !== 'talk') {
    // 谈话调研推荐: one record per talk, numbered by the interviewer; no sheet is printed.
    await assertPrinted(db, v, k.key);
  }
  return { ...k, sheet };
}
