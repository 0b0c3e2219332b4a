import { voteTypePublicPath } from '@kaoping/contracts/vote-type';
import { MAX_SHEET_NUMBER, type PaperPdfQuery } from '@kaoping/contracts/paper-ballots';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fail } from '../../lib/errors';
import { commitNow } from '../../lib/request-transaction';
import { publicBase } from '../settings/settings.service';
import { recordAudit } from '../audit/audit.repository';
import { issueBatch } from '../ballot-codes/issue-batch';
import { assertRoundWritable } from '../rounds/round-scope';
import { countStageOf } from '../vote-types/vote-type-status';
import { lockVoteType, type VoteTypeRow } from '../vote-types/vote-types.repository';
import { paperDefinition } from './paper-ballot';
import { paperPdf } from './pdf/paper-pdf';
import { insertRun, lastPrinted } from './print-runs.repository';

/** One new batch of codes for the sheets of a print, like 发放测评码 (refused once closed); audited as the print. */
function issueForPrint(db: Db, v: VoteTypeRow, count: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const locked = (await lockVoteType(tx, v.id, 'no key update'))!;
    await assertRoundWritable(tx, locked.roundId);
    if (locked.closedAt) throw fail('CODES_AFTER_CLOSE');
    const { batch, codes } = await issueBatch(tx, v.id, count, true);
    await recordAudit(tx, actor, 'paper.print', {
      vote_type_id: v.id,
      company_id: v.companyId,
      name: v.name,
      batch,
      count,
    });
    return codes;
  });
}

/**
 * Link mode: the next `count` sheet numbers of the vote type as one print run of its current mode
 * (formal, or test), numbers going on from the highest printed; refused once the vote ended (the phones
 * stopped: no new sheets) and past MAX_SHEET_NUMBER. Audited as the print with its numbers.
 */
function numberForPrint(db: Db, v: VoteTypeRow, count: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const locked = (await lockVoteType(tx, v.id, 'no key update'))!;
    await assertRoundWritable(tx, locked.roundId);
    if (countStageOf(locked) !== 'voting') throw fail('PAPER_PRINT_CLOSED');
    const first = (await lastPrinted(tx, v.id)) + 1;
    const last = first + count - 1;
    if (last > MAX_SHEET_NUMBER)
      throw fail('PAPER_NUMBERS_EXHAUSTED', { max: MAX_SHEET_NUMBER, copies: count });
    await insertRun(tx, {
      voteTypeId: v.id,
      roundId: locked.roundId,
      firstNumber: first,
      lastNumber: last,
      isTest: locked.testMode,
    });
    actor.audit.summary = `打印纸质选票：“${v.name}”${count} 份，编号 ${first}-${last}${locked.testMode ? '（试投票）' : ''}`;
    await recordAudit(tx, actor, 'paper.print', {
      vote_type_id: v.id,
      company_id: v.companyId,
      name: v.name,
      count,
      first_number: first,
      last_number: last,
    });
    return { first, last };
  });
}

/**
 * The paper ballots of a vote type. Codes mode (without `blank`): N new codes are issued as one batch
 * (counted as issued, audited as 打印纸质选票) and each sheet prints its own; link mode (without `blank`):
 * the next sheet numbers as a print run, each sheet printing its 编号 (answered as `numbers`); otherwise
 * blank forms with a 编号 blank, which cannot be keyed. A setup problem (nothing to answer) is a 409 naming it.
 */
export async function paperBallotsPdf(
  db: Db,
  voteTypeId: number,
  query: PaperPdfQuery,
  opts: { actor: Actor; envUrl?: string },
) {
  const def = await paperDefinition(db, voteTypeId, query.company_id);
  if (def.problem) throw fail('BALLOT_UNAVAILABLE', { missing: def.missing ?? '' });
  const v = def.voteType;
  let sheets: ({ code: string; url: string } | { number: number } | null)[] = Array.from(
    { length: query.copies },
    () => null,
  );
  let numbers: { first: number; last: number } | undefined;
  if (v.accessMode === 'codes' && query.blank !== '1') {
    const base = await publicBase(db, opts.envUrl);
    if (!base) throw fail('PAPER_PUBLIC_URL_MISSING');
    const link = `${base}${voteTypePublicPath(v.linkId)}`;
    opts.actor.audit.summary = `打印纸质选票：“${v.name}”${query.copies} 份，每份一个新测评码`;
    const codes = await issueForPrint(db, v, query.copies, opts.actor);
    // The code after '#', as on a slip (vote-control/print.service.ts): never sent to a server or proxy.
    sheets = codes.map((code) => ({ code, url: `${link}#code=${code}` }));
  } else if (v.accessMode === 'link' && query.blank !== '1') {
    numbers = await numberForPrint(db, v, query.copies, opts.actor);
    const { first } = numbers;
    sheets = sheets.map((_, i) => ({ number: first + i }));
  } else {
    opts.actor.audit.summary = `打印纸质选票：“${v.name}”${query.copies} 份（空白，不含测评码或编号，不能录入）`;
  }
  // The codes or numbers and their audit row are written: commit before the (slow) rendering.
  await commitNow();
  const { file } = await paperPdf({ def, sheets });
  return { file, fileName: `${v.name}-纸质选票.pdf`, numbers };
}
