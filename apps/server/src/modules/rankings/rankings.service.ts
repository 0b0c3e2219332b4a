import { byRank, competitionRanks } from '@kaoping/contracts/ranking';
import {
  type LeaderRanking,
  type PromotedRanking,
  type Rankings,
  type UnitRanking,
} from '@kaoping/contracts/rankings';
import { round2 } from '@kaoping/contracts/scoring';
import { meanShare } from '@kaoping/contracts/summary-evaluation';
import type { Db } from '../../db/client';
import { figuresOfRounds } from '../figures/figures.repository';
import { latestRoundsOfYear } from '../rounds/rounds.repository';
import { NO_TEXTS, summaryInputs, summaryOf, type SummaryInputs } from '../summary/summary.service';
import { unitFigures } from './unit-figures';

/**
 * 跨单位排名 of a year over some units (null: all): each unit's latest round of that year, its figures
 * read from the unit's own 汇总表, then ranked here (and only ranked: no figure is recomputed). The stored
 * figures of every unit's vote types come in one read (decision 0052); each unit's 汇总表 is then built in
 * memory by the same summaryOf as its own screen (without the text answers, which nothing here shows).
 */
export async function rankingsOf(db: Db, unitIds: number[] | null, year: number): Promise<Rankings> {
  const rounds = await latestRoundsOfYear(db, year, unitIds);
  const units: Omit<UnitRanking, 'team_rank' | 'cadre_rank'>[] = [];
  const leaders: Omit<LeaderRanking, 'score_rank' | 'excellent_rank'>[] = [];
  const promoted: Omit<PromotedRanking, 'rank' | 'versus_average'>[] = [];
  const fractions: number[] = [];
  // Every unit's stored figures in one read; each unit's rosters and vote types (a few small reads) side
  // by side, four units at a time.
  const [figures, inputsOf] = await Promise.all([
    figuresOfRounds(
      db,
      rounds.map((r) => r.id),
    ),
    (async () => {
      const out: SummaryInputs[] = [];
      for (let i = 0; i < rounds.length; i += 4) {
        const batch = rounds.slice(i, i + 4);
        out.push(...(await Promise.all(batch.map((r) => summaryInputs(db, r)))));
      }
      return out;
    })(),
  ]);
  for (const [i, r] of rounds.entries()) {
    const company = { id: r.companyId, name: r.companyName };
    const round = { id: r.id, name: r.name };
    const inputs = inputsOf[i]!;
    const own = new Map(
      inputs.turnout.flatMap((t) => {
        const f = figures.get(t.vote_type_id);
        return f ? [[t.vote_type_id, f] as const] : [];
      }),
    );
    const f = unitFigures(summaryOf(company, inputs, own, NO_TEXTS));
    units.push({
      company,
      round,
      team_weighted_score: f.teamScore,
      cadre_good_share: f.cadreGood.share,
      cadre_good_label: f.cadreGood.label,
      open_note: f.openNote,
    });
    for (const p of f.persons)
      leaders.push({
        company,
        round,
        target_id: p.targetId,
        name: p.name,
        title: p.title,
        weighted_score: p.score,
        excellent_rate: p.excellent,
      });
    for (const s of f.promoted) {
      if (s.fraction !== null) fractions.push(s.fraction);
      promoted.push({
        company,
        round,
        subject_id: s.subjectId,
        name: s.name,
        count: s.count,
        approval_rate: s.approval,
        flagged: s.flagged,
      });
    }
  }
  const teamRanks = competitionRanks(units.map((u) => u.team_weighted_score));
  const cadreRanks = competitionRanks(units.map((u) => u.cadre_good_share));
  const scoreRanks = competitionRanks(leaders.map((l) => l.weighted_score));
  const excellentRanks = competitionRanks(leaders.map((l) => l.excellent_rate));
  const approvals = promoted.map((p) => p.approval_rate);
  const approvalRanks = competitionRanks(approvals);
  // The group's average 认同率: the mean of the cadres' exact fractions, as each unit's own average is.
  const average = meanShare(fractions.map((x) => x * 100));
  return {
    year,
    units: byRank(
      units.map((u, i) => ({ ...u, team_rank: teamRanks[i]!, cadre_rank: cadreRanks[i]! })),
      (u) => u.team_rank,
    ),
    leaders: byRank(
      leaders.map((l, i) => ({ ...l, score_rank: scoreRanks[i]!, excellent_rank: excellentRanks[i]! })),
      (l) => l.score_rank,
    ),
    newly_promoted: {
      average,
      items: byRank(
        promoted.map((p, i) => ({
          ...p,
          rank: approvalRanks[i]!,
          versus_average:
            p.approval_rate === null || average === null ? null : round2(p.approval_rate - average),
        })),
        (p) => p.rank,
      ),
    },
    generated_at: new Date().toISOString(),
  };
}
