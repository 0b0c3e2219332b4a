import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { reshuffleUsedCodes, voidUnused, voidUsedInTest } from '../ballot-codes/ballot-codes.repository';
import { countVoteTypeSubmissions, deleteTestSubmissions } from '../ballots/submissions.repository';
import { updateVoteType } from '../vote-types/vote-types.repository';
import { assertRoundWritable } from '../rounds/round-scope';
import { lockScopedVoteType, mapVoteType } from '../vote-types/vote-types.service';
import { countUnsettled, deleteVoteTypeSheets } from '../paper/paper.repository';

// Running a vote: 结束投票 (close), 重新开放 (reopen) and 转为正式投票 (go formal). Each locks the vote type
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
 * Closes the vote now. In codes mode the unused codes are voided as recalled (handed out, not used), and
 * the used code rows are rewritten in random order so that no system column pairs them with ballots
 * (docs/ARCHITECTURE.md "No link between a code and its ballot"). Paper sheets still waiting for their
 * second entry or a settlement refuse the close (409); the keyed sheets (the only code-ballot pairs) are
 * erased in the same transaction.
 */
export async function closeVoteType(db: Db, id: number, opts: Opts) {
  const row = await db.transaction(async (tx) => {
    const v = await lockScopedVoteType(tx, id, opts.companyId);
    await assertRoundWritable(tx, v.roundId);
    if (v.closedAt) throw conflict('投票已结束');
    const unsettled = await countUnsettled(tx, id);
    if (unsettled > 0) throw conflict(`还有 ${unsettled} 张纸质票未完成双人录入核对，请先处理`);
    const paperSheets = await deleteVoteTypeSheets(tx, id);
    const recalled = v.accessMode === 'codes' ? await voidUnused(tx, id, { recalled: true }) : 0;
    await reshuffleUsedCodes(tx, id);
    const closed = await updateVoteType(tx, id, { closedAt: new Date() });
    await recordAudit(tx, opts.actor, 'vote_type.close', {
      ...auditBase(v),
      access_mode: v.accessMode,
      test_mode: v.testMode,
      returned: await countVoteTypeSubmissions(tx, id, false),
      recalled_codes: recalled,
      paper_sheets: paperSheets,
    });
    return closed!;
  });
  return mapVoteType(row, opts.base);
}

/** Opens a closed vote again (advanced mode). Recalled codes stay void: issue new ones (补发). */
export async function reopenVoteType(db: Db, id: number, opts: Opts) {
  const row = await db.transaction(async (tx) => {
    const v = await lockScopedVoteType(tx, id, opts.companyId);
    await assertRoundWritable(tx, v.roundId);
    if (!v.closedAt) throw conflict('投票未结束，无需重新开放');
    const opened = await updateVoteType(tx, id, { closedAt: null });
    await recordAudit(tx, opts.actor, 'vote_type.reopen', {
      ...auditBase(v),
      closed_at: v.closedAt.toISOString(),
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
    if (!v.testMode) throw conflict('该投票类型已是正式投票');
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
