import {
  type CodeListQuery,
  type CodeList,
  type IssuedCodes,
  type VoidCodesBody,
} from '@kaoping/contracts/ballot-codes-api';
import { formatCode, normalizeCode } from '@kaoping/contracts/ballot-codes';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fail } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import * as codes from '../ballot-codes/ballot-codes.repository';
import { issueBatch } from '../ballot-codes/issue-batch';
import { assertRoundWritable } from '../rounds/round-scope';
import { lockVoteType } from '../vote-types/vote-types.repository';
import { getScopedVoteType } from '../vote-types/vote-types.service';
import { figuresHidden } from '../vote-types/vote-type-status';

// The admin's side of one-time ballot codes (测评码): issue (and 补发), list, void. Counts only: nothing
// here can say which ballot a code cast, because nothing stores it.

/** Issues `count` new codes as the vote type's next batch, in one transaction; audited. */
export async function issueCodes(
  db: Db,
  voteTypeId: number,
  count: number,
  opts: { companyId?: number; actor: Actor },
): Promise<IssuedCodes> {
  return db.transaction(async (tx) => {
    // Serialises issuers of this vote type (the batch number) without holding up ballots.
    const v = await lockVoteType(tx, voteTypeId, 'no key update');
    if (!v || (opts.companyId !== undefined && v.companyId !== opts.companyId))
      throw fail('VOTE_TYPE_NOT_FOUND');
    await assertRoundWritable(tx, v.roundId);
    if (v.recommendationMode === 'talk') throw fail('RECOMMENDATION_TALK_NO_CODES');
    if (v.closedAt) throw fail('CODES_AFTER_CLOSE');
    const { batch, codes: issued } = await issueBatch(tx, v.id, count);
    await recordAudit(tx, opts.actor, 'ballot_codes.issue', {
      vote_type_id: v.id,
      company_id: v.companyId,
      name: v.name,
      batch,
      count,
    });
    return { batch, codes: issued.map(formatCode) };
  });
}

/** Counts per state, never which ballot: 0 everywhere for a vote type without codes. */
export async function countsOf(db: Db, voteTypeId: number) {
  const c = (await codes.codeCounts(db, [voteTypeId])).get(voteTypeId);
  return {
    issued: c?.issued ?? 0,
    used: c?.used ?? 0,
    voided: c?.voided ?? 0,
    unused: c?.unused ?? 0,
    recalled: c?.recalled ?? 0,
    used_in_test: c?.usedInTest ?? 0,
    handed_out: c?.handedOut ?? 0,
    batches: c?.batches ?? 0,
    paper_issued: c?.paperIssued ?? 0,
    paper_unused: c?.paperUnused ?? 0,
  };
}

export async function listCodes(
  db: Db,
  voteTypeId: number,
  query: CodeListQuery,
  companyId?: number,
): Promise<CodeList> {
  const v = await getScopedVoteType(db, voteTypeId, companyId);
  // While open and formal, which codes are used is counts only: each code not voided is listed as
  // 已发放 (decision 0041); a rehearsal shows every state.
  const open = figuresHidden(v);
  const [counts, page] = await Promise.all([
    countsOf(db, v.id),
    codes.listCodes(db, v.id, { state: query.state, batch: query.batch, open }, query),
  ]);
  return {
    ...counts,
    items: page.items.map((i) => ({
      code: formatCode(i.code),
      state: i.state,
      batch: i.batch,
    })),
    total: page.total,
    used_listed: !open,
  };
}

/**
 * Voids the listed unused codes, or every unused one, in one transaction: an unknown code is 404 and a
 * used one 409, and then nothing is voided. Codes already void stay so. Audited.
 */
export async function voidCodes(
  db: Db,
  voteTypeId: number,
  body: VoidCodesBody,
  opts: { companyId?: number; actor: Actor },
) {
  return db.transaction(async (tx) => {
    const v = await getScopedVoteType(tx, voteTypeId, opts.companyId);
    await assertRoundWritable(tx, v.roundId);
    let voided: number;
    if ('all_unused' in body) {
      voided = await codes.voidUnused(tx, v.id, { recalled: false });
    } else {
      const wanted = new Map<string, string>();
      for (const typed of body.codes) {
        const code = normalizeCode(typed);
        if (!code.ok) throw fail('CODE_NOT_FOUND', { code: typed });
        wanted.set(code.code, typed);
      }
      const rows = await codes.lockCodes(tx, v.id, [...wanted.keys()]);
      const found = new Set(rows.map((r) => r.code));
      const missing = [...wanted].find(([code]) => !found.has(code));
      if (missing) throw fail('CODE_NOT_FOUND', { code: missing[1] });
      const used = rows.find((r) => r.state === 'used');
      if (used) throw fail('CODE_USED_NOT_VOIDABLE', { code: formatCode(used.code) });
      voided = await codes.voidCodesById(
        tx,
        rows.filter((r) => r.state === 'unused').map((r) => r.id),
      );
    }
    await recordAudit(tx, opts.actor, 'ballot_codes.void', {
      vote_type_id: v.id,
      company_id: v.companyId,
      name: v.name,
      all_unused: 'all_unused' in body,
      voided,
    });
    return { voided };
  });
}
