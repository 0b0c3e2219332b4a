import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fail } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import {
  reshuffleUsedCodes,
  restoreRecalled,
  voidUnused,
  voidUsedInTest,
} from '../ballot-codes/ballot-codes.repository';
import { retireTestSubmissions } from '../ballots/retired-submissions.repository';
import { countVoteTypeSubmissions, deleteTestSubmissions } from '../ballots/submissions.repository';
import { updateVoteType } from '../vote-types/vote-types.repository';
import { assertRoundWritable } from '../rounds/round-scope';
import { lockScopedVoteType, mapVoteType } from '../vote-types/vote-types.service';
import { countStageOf, hasEnded } from '../vote-types/vote-type-status';
import { countUnsettled, deleteVoteTypeSheets } from '../paper/paper.repository';
import { printedCounts } from '../paper/print-runs.repository';
import { invalidateFigures, storeFigures, storeMissingFigures } from '../figures/figures.repository';

// Running a vote: 结束投票 (close), 完成计票 (finish the count), 重新开放 (reopen, one step back) and
// 转为正式投票 (go formal). Each locks the vote type
// row FOR UPDATE first: a ballot in flight (which holds FOR KEY SHARE on it) commits before, or waits,
// re-reads the row and is refused. One transaction each, audited.

interface Opts {
  companyId?: number;
  actor: Actor;
  base: string | null;
}

const auditBase = (v: { id: number; companyId: number; name: string }) => ({
  id: v.id,
  company_id: v.companyId,
  name: v.name,
});

/**
 * 结束投票: the phones stop now. In codes mode the unused phone codes are voided as recalled (handed out,
 * not used); the codes printed on paper ballots stay valid, since the paper handed in is keyed after the
 * phones close (the natural order of a meeting), until 完成计票. The used code rows are rewritten in random
 * order so that no system column pairs them with ballots (docs/ARCHITECTURE.md "No link between a code and
 * its ballot").
 */
export async function closeVoteType(db: Db, id: number, opts: Opts) {
  const row = await db.transaction(async (tx) => {
    const v = await lockScopedVoteType(tx, id, opts.companyId);
    await assertRoundWritable(tx, v.roundId);
    if (v.closedAt) throw fail('VOTE_ALREADY_CLOSED');
    const recalled =
      v.accessMode === 'codes' ? await voidUnused(tx, id, { recalled: true, paper: false }) : 0;
    await reshuffleUsedCodes(tx, id);
    const closed = await updateVoteType(tx, id, { closedAt: new Date() });
    // Its figures are counted now, once (decision 0052): the row lock above let every ballot in flight in.
    await storeFigures(tx, id);
    await recordAudit(tx, opts.actor, 'vote_type.close', {
      ...auditBase(v),
      access_mode: v.accessMode,
      test_mode: v.testMode,
      returned: await countVoteTypeSubmissions(tx, id, false),
      recalled_codes: recalled,
    });
    return closed!;
  });
  return mapVoteType(row, opts.base);
}

/**
 * 完成计票: the last step, after 结束投票 (or the end of the window). Refused while a paper sheet waits for
 * its second entry or a settlement; voids the printed paper codes never keyed (as recalled) and erases the
 * keyed sheets (the only code-ballot pairs), rewrites the used codes once more (paper keyed after the
 * close used some), and marks the figures final.
 */
export async function finishCount(db: Db, id: number, opts: Opts) {
  const row = await db.transaction(async (tx) => {
    const v = await lockScopedVoteType(tx, id, opts.companyId);
    await assertRoundWritable(tx, v.roundId);
    if (v.countedAt) throw fail('VOTE_ALREADY_COUNTED');
    if (!hasEnded(v)) throw fail('COUNT_BEFORE_CLOSE');
    const unsettled = await countUnsettled(tx, id);
    if (unsettled > 0) throw fail('PAPER_UNSETTLED', { count: unsettled });
    // Link mode: the numbered sheets printed for this mode and never keyed (codes mode: their codes, below).
    const unkeyedSheets = (await printedCounts(tx, id, v.testMode)).unkeyed;
    const paperSheets = await deleteVoteTypeSheets(tx, id);
    const phoneCodes = !v.closedAt && v.accessMode === 'codes';
    const recalled = phoneCodes ? await voidUnused(tx, id, { recalled: true, paper: false }) : 0;
    const unkeyed = await voidUnused(tx, id, { recalled: true, paper: true });
    await reshuffleUsedCodes(tx, id);
    const now = new Date();
    const counted = await updateVoteType(tx, id, { countedAt: now, closedAt: v.closedAt ?? now });
    // The figures, final now: counted if none are stored (the paper keyed since 结束投票 deleted them,
    // or the vote type ended by its window); those stored at 结束投票 hold otherwise.
    await storeMissingFigures(tx, id);
    await recordAudit(tx, opts.actor, 'vote_type.finish_count', {
      ...auditBase(v),
      returned: await countVoteTypeSubmissions(tx, id, false),
      paper_sheets: paperSheets,
      unkeyed_paper_codes: unkeyed,
      ...(v.accessMode === 'link' ? { unkeyed_paper_sheets: unkeyedSheets } : {}),
      ...(phoneCodes ? { recalled_codes: recalled } : {}),
    });
    return counted!;
  });
  return mapVoteType(row, opts.base);
}

/**
 * 重新开放 (advanced mode) goes back one step: from 已完成计票 to 投票结束 (the printed paper codes voided by
 * 完成计票 are valid again, so the sheets can be keyed), from 投票结束 to 投票中 (the phone codes voided by
 * 结束投票 are valid again). Audited with the step it left.
 */
export async function reopenVoteType(db: Db, id: number, opts: Opts) {
  const row = await db.transaction(async (tx) => {
    const v = await lockScopedVoteType(tx, id, opts.companyId);
    await assertRoundWritable(tx, v.roundId);
    const stage = countStageOf(v);
    if (stage === 'voting') throw fail('REOPEN_NOT_ENDED');
    if (stage === 'counting' && !v.closedAt) {
      throw fail('REOPEN_PAST_DEADLINE');
    }
    const back = stage === 'counted' ? { countedAt: null } : { closedAt: null };
    const restored = await restoreRecalled(tx, id, stage === 'counted');
    const opened = await updateVoteType(tx, id, back);
    // Its ballots may change again: the stored figures go, and are counted again when it ends.
    await invalidateFigures(tx, id);
    await recordAudit(tx, opts.actor, 'vote_type.reopen', {
      ...auditBase(v),
      stage,
      restored_codes: restored,
      ...(stage === 'counted'
        ? { counted_at: v.countedAt!.toISOString() }
        : { closed_at: v.closedAt!.toISOString() }),
    });
    return opened!;
  });
  return mapVoteType(row, opts.base);
}

/**
 * Ends the rehearsal (advanced mode): deletes every test ballot of the vote type, voids the codes used
 * in test mode, and switches to formal voting, in one transaction.
 */
export async function goFormal(db: Db, id: number, opts: Opts) {
  const row = await db.transaction(async (tx) => {
    const v = await lockScopedVoteType(tx, id, opts.companyId);
    await assertRoundWritable(tx, v.roundId);
    if (!v.testMode) throw fail('ALREADY_FORMAL');
    // Their ids are kept: a test ballot sent again is refused, never stored as formal (cast-ballot.ts).
    await retireTestSubmissions(tx, id);
    const deleted = await deleteTestSubmissions(tx, id);
    const voided = await voidUsedInTest(tx, id);
    // The test ballots' sheets go with them; sheets waiting for a second entry start again formally.
    await deleteVoteTypeSheets(tx, id);
    const formal = await updateVoteType(tx, id, { testMode: false });
    await recordAudit(tx, opts.actor, 'vote_type.go_formal', {
      ...auditBase(v),
      deleted_test_ballots: deleted,
      voided_test_codes: voided,
    });
    return formal!;
  });
  return mapVoteType(row, opts.base);
}
