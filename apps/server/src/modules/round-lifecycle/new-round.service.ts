// 开始新一轮测评: archives the unit's current round and starts the next one with a copy of its setup
// (issue 14). One transaction; audited.
import type { Round, RoundCreateInput } from '@kaoping/contracts/rounds';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fail, isUniqueViolation } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { countVoteTypeSubmissions } from '../ballots/submissions.repository';
import { getCompany } from '../companies/companies.service';
import { copyCoversToVoteTypes } from '../covers/covers.repository';
import { forgetCoverLookups } from '../covers/cover-cache';
import { copySubjectsToRound } from '../evaluation-subjects/evaluation-subjects.repository';
import { copyPollsToRound } from '../polls/polls.repository';
import { copyPostsToRound } from '../recommendations/recommendation-posts.repository';
import { currentRound, mapRound } from '../rounds/round-scope';
import * as rounds from '../rounds/rounds.repository';
import { copyTargetsToRound } from '../vote-targets/vote-targets.repository';
import { countStageOf, statusOf } from '../vote-types/vote-type-status';
import { closeRoundVoteTypes, lockRoundVoteTypes } from '../vote-types/vote-types.repository';
import { countUnsettled, deleteRoundSheets } from '../paper/paper.repository';
import { codeCounts } from '../ballot-codes/ballot-codes.repository';
import { copyVoteTypesToRound } from '../vote-types/vote-types.service';

const duplicateName = () => fail('ROUND_NAME_TAKEN');

/**
 * Archives the current round (state archived, archived_at now; its vote types that are still running
 * are closed) and creates the new current round with a copy of the setup: polls, vote types (new links,
 * 试投票 on, no codes), targets, subjects, 推荐职位 with their candidates, covers; no ballots. 409 while a vote type of the current round
 * is open with formal ballots, while one that ended still has paper to key (printed sheets unkeyed, sheets
 * waiting for a second entry), or when the name is taken. The archived round's vote types count as
 * 完成计票.
 */
export async function startNewRound(
  db: Db,
  companyId: number,
  body: { name: string; year: number } & RoundCreateInput,
  actor: Actor,
): Promise<Round> {
  await getCompany(db, companyId);
  try {
    return await db.transaction(async (tx) => {
      const found = await currentRound(tx, companyId);
      // Ballots in flight (FOR KEY SHARE on their vote type) finish first; later ones are refused. The
      // vote types are locked before the round, in the order a vote type's own writes take them.
      const voteTypes = await lockRoundVoteTypes(tx, found.id);
      // Writes into the round (holding it FOR SHARE) finish first; later ones wait and then see it archived.
      const old = (await rounds.lockRound(tx, found.id))!;
      if (old.state !== 'current') throw fail('ROUND_CHANGED');
      const running: string[] = [];
      for (const v of voteTypes) {
        if (statusOf(v) === 'open' && (await countVoteTypeSubmissions(tx, v.id, false)) > 0)
          running.push(v.name);
      }
      if (running.length) throw fail('ROUND_VOTES_OPEN', { names: running.join('、') });
      // Paper handed in but not keyed, or keyed once: archiving would lose it (完成计票 says so first).
      const paperLeft: string[] = [];
      const printed = await codeCounts(
        tx,
        voteTypes.map((v) => v.id),
      );
      for (const v of voteTypes) {
        if (countStageOf(v) !== 'counting') continue;
        if ((printed.get(v.id)?.paperUnused ?? 0) > 0 || (await countUnsettled(tx, v.id)) > 0)
          paperLeft.push(v.name);
      }
      if (paperLeft.length) {
        throw fail('ROUND_PAPER_LEFT', { names: paperLeft.join('、') });
      }
      if (await rounds.findRoundByName(tx, companyId, body.name)) throw duplicateName();

      await rounds.archiveRound(tx, old.id);
      await closeRoundVoteTypes(tx, old.id);
      // Closing erases keyed paper sheets (docs/ARCHITECTURE.md "Paper ballots"): so does archiving.
      await deleteRoundSheets(tx, old.id);
      const next = await rounds.insertRound(tx, { companyId, name: body.name, year: body.year });
      const polls = await copyPollsToRound(tx, old.id, next.id);
      const pairs = await copyVoteTypesToRound(tx, old.id, next.id);
      const targets = await copyTargetsToRound(tx, old.id, next.id);
      const subjects = await copySubjectsToRound(tx, old.id, next.id);
      const posts = await copyPostsToRound(tx, old.id, next.id);
      const covers = await copyCoversToVoteTypes(tx, pairs);
      await recordAudit(tx, actor, 'round.create', {
        company_id: companyId,
        archived_round_id: old.id,
        archived_round_name: old.name,
        round_id: next.id,
        name: next.name,
        year: next.year,
        copied: { polls, vote_types: pairs.length, targets, subjects, recommendation_posts: posts, covers },
      });
      return mapRound(next);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'rounds_company_name_key')) throw duplicateName();
    throw err;
  } finally {
    forgetCoverLookups();
  }
}
