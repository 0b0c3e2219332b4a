// What the rounds page and the history charts read (issue 14): a unit's rounds with what they hold, the
// unit's own figures per round, and one target's figures across the rounds it was copied through.
import type { CompanyHistory, RoundList, TargetHistory } from '@kaoping/contracts/rounds';
import { round2 } from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { formalSubmissionsByRound } from '../ballots/submissions.repository';
import { getCompany } from '../companies/companies.service';
import { countSubjectsByRound } from '../evaluation-subjects/evaluation-subjects.repository';
import { appraisalResults } from '../results/appraisal.service';
import { figuresOfTargets } from '../results/comparison';
import { evaluationResults } from '../results/evaluation.service';
import { mapRound } from '../rounds/round-scope';
import * as rounds from '../rounds/rounds.repository';
import {
  countTargetsByRound,
  findCopiesOf,
  findVoteTarget,
  findVoteTargetsByIds,
  type VoteTargetRow,
} from '../vote-targets/vote-targets.repository';
import { countVoteTypesByRound } from '../vote-types/vote-types.repository';

async function ballotsByRound(db: Db, companyId: number) {
  const out = new Map<number, { appraisal: number; evaluation: number }>();
  for (const r of await formalSubmissionsByRound(db, companyId)) {
    const row = out.get(r.roundId) ?? { appraisal: 0, evaluation: 0 };
    if (r.family === 'democratic_appraisal') row.appraisal += r.n;
    else row.evaluation += r.n;
    out.set(r.roundId, row);
  }
  return out;
}

/** GET /companies/{id}/rounds: newest first, each with its vote types, targets, subjects and formal ballots. */
export async function listRounds(db: Db, companyId: number): Promise<RoundList> {
  await getCompany(db, companyId);
  const [rows, voteTypes, targets, subjects, ballots] = await Promise.all([
    rounds.listRounds(db, companyId),
    countVoteTypesByRound(db, companyId),
    countTargetsByRound(db, companyId),
    countSubjectsByRound(db, companyId),
    ballotsByRound(db, companyId),
  ]);
  return {
    items: rows.map((r) => {
      const b = ballots.get(r.id);
      return {
        ...mapRound(r),
        vote_types: voteTypes.get(r.id) ?? 0,
        targets: targets.get(r.id) ?? 0,
        subjects: subjects.get(r.id) ?? 0,
        ballots: (b?.appraisal ?? 0) + (b?.evaluation ?? 0),
      };
    }),
  };
}

/** GET /companies/{id}/rounds/history: the unit's own figures per round, oldest first. */
export async function companyHistory(db: Db, companyId: number): Promise<CompanyHistory> {
  await getCompany(db, companyId);
  const [rows, ballots] = await Promise.all([
    rounds.listRounds(db, companyId),
    ballotsByRound(db, companyId),
  ]);
  const oldestFirst = [...rows].sort((a, b) => a.year - b.year || a.id - b.id);
  const items = [];
  for (const r of oldestFirst) {
    const [appraisal, evaluation] = await Promise.all([
      appraisalResults(db, companyId, { roundId: r.id }),
      evaluationResults(db, companyId, { roundId: r.id }),
    ]);
    const team = appraisal.targets.find((t) => t.type === 'company' && t.weighted_score !== null);
    const persons = appraisal.targets.flatMap((t) =>
      t.type === 'person' && t.weighted_score !== null ? [t.weighted_score] : [],
    );
    const np = evaluation.newly_promoted.subjects;
    const answers = np.reduce((a, s) => a + s.count, 0);
    const agree = np.reduce((a, s) => a + s.counts['认同'], 0);
    const b = ballots.get(r.id);
    items.push({
      round_id: r.id,
      round_name: r.name,
      year: r.year,
      state: r.state as 'current' | 'archived',
      appraisal_ballots: b?.appraisal ?? 0,
      evaluation_ballots: b?.evaluation ?? 0,
      company_score: team?.weighted_score ?? null,
      person_mean: persons.length ? round2(persons.reduce((a, x) => a + x, 0) / persons.length) : null,
      newly_promoted_agree: answers ? round2((agree * 100) / answers) : null,
    });
  }
  return { company_id: companyId, rounds: items };
}

/** The target and the rows it was copied from (back) and into (forward), oldest first. */
async function lineOf(db: Db, target: VoteTargetRow) {
  const line = [target];
  const seen = new Set([target.id]);
  for (let t = target; t.sourceTargetId !== null && !seen.has(t.sourceTargetId);) {
    const [source] = await findVoteTargetsByIds(db, [t.sourceTargetId]);
    if (!source) break;
    line.unshift(source);
    seen.add(source.id);
    t = source;
  }
  for (let t = target; ;) {
    const next = (await findCopiesOf(db, t.id)).find((c) => !seen.has(c.id));
    if (!next) break;
    line.push(next);
    seen.add(next.id);
    t = next;
  }
  return line;
}

/** GET /vote-targets/{id}/history: the target's figures in every round it (or its origin) was in. */
export async function targetHistory(db: Db, targetId: number): Promise<TargetHistory> {
  const target = await findVoteTarget(db, targetId);
  if (!target) throw fail('VOTE_TARGET_NOT_FOUND');
  const line = await lineOf(db, target);
  const items = await Promise.all(
    line.map(async (t) => {
      const [round, figures] = await Promise.all([
        rounds.findRound(db, t.roundId),
        figuresOfTargets(db, t.roundId, [t]),
      ]);
      const f = figures.get(t.id)!;
      return {
        round_id: t.roundId,
        round_name: round?.name ?? '',
        year: round?.year ?? 0,
        target_id: t.id,
        name: t.name,
        title: t.title,
        weighted_score: f.weightedScore,
        top_share: f.topShare,
        ballots: f.ballots,
      };
    }),
  );
  return { target_id: target.id, name: target.name, rounds: items };
}
