// The 选人用人 and 新提拔 汇总表 (issue 15) from counts per voter group. Pure, like summary-appraisal.ts.
import { cadreQuestions, type CadreFormSchema } from './cadre-schema';
import { NEWLY_PROMOTED_OPINIONS } from './newly-promoted-schema';
import { halfUpShares, round2, roundRatio } from './scoring';
import { competitionRanks, rankOrder } from './ranking';
import type {
  CadreSummary,
  CountShare,
  NewlyPromotedRow,
  NewlyPromotedSummary,
  SummaryVoteType,
} from './summary-tables';
import { TOTAL_ROW_LABEL } from './summary-tables';

const cell = (count: number, base: number): CountShare => ({
  count,
  share: base ? roundRatio(count * 100, base) : 0,
});

/** What the database counts of the 选人用人 poll for one voter group. */
export interface CadreCounts {
  /** Ballots of the poll. */
  voters: number;
  /** question id → ballots that answered it */
  answered: Record<string, number>;
  /** question id → option → ballots that chose (or ticked) it */
  options: Record<string, Record<string, number>>;
}

/**
 * Per choice question and option: count and share per voter group and in total. Single choice: share of
 * the answers; multiple choice: share of the voters (a column then adds up to more than 100). The text
 * questions' answers are the suggestions.
 */
export function cadreSummaryOf(
  poll: { id: number; title: string; schema: CadreFormSchema | null } | null,
  voteTypes: readonly SummaryVoteType[],
  counts: readonly (CadreCounts | undefined)[],
  texts: Readonly<Record<string, readonly string[]>>,
): CadreSummary {
  const voters = voteTypes.map((_, i) => counts[i]?.voters ?? 0);
  const votersTotal = voters.reduce((a, b) => a + b, 0);
  const questions = poll?.schema ? cadreQuestions(poll.schema) : [];
  return {
    poll: poll ? { id: poll.id, title: poll.title } : null,
    vote_types: [...voteTypes],
    voters,
    voters_total: votersTotal,
    questions: questions.flatMap((q) => {
      if (q.type === 'text_area') return [];
      const bases =
        q.type === 'single_choice' ? voteTypes.map((_, i) => counts[i]?.answered[q.id] ?? 0) : voters;
      const baseTotal = bases.reduce((a, b) => a + b, 0);
      return [
        {
          id: q.id,
          type: q.type,
          text: q.text,
          bases,
          base_total: baseTotal,
          options: q.options.map((option) => {
            const per = voteTypes.map((_, i) => counts[i]?.options[q.id]?.[option] ?? 0);
            return {
              option,
              by_vote_type: per.map((n, i) => cell(n, bases[i]!)),
              total: cell(
                per.reduce((a, b) => a + b, 0),
                baseTotal,
              ),
            };
          }),
        },
      ];
    }),
    suggestions: questions
      .filter((q) => q.type === 'text_area')
      .map((q) => ({ question_id: q.id, text: q.text, answers: [...(texts[q.id] ?? [])] })),
  };
}

/** The question the meeting screen and the rankings call 选人用人 overall: the first single choice one. */
export function cadreOverallQuestion(summary: CadreSummary) {
  return summary.questions.find((q) => q.type === 'single_choice') ?? null;
}

/**
 * The mean of some shares in percent, two decimals half up; null when there are none. The unit's average
 * 认同率 and the cross-unit group's are both this over the cadres' exact 认同率.
 */
export function meanShare(values: readonly number[]): number | null {
  return values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : null;
}

/** What the database counts of the 新提拔 poll for one voter group: subject id → opinion → ballots. */
export type NewlyPromotedCounts = Record<number, Record<string, number>>;

export interface NewlyPromotedSubjectInput {
  id: number;
  name: string;
  current_position: string;
  previous_position: string;
}

function npRow(
  head: Pick<NewlyPromotedRow, 'kind' | 'vote_type_id' | 'label'>,
  list: readonly number[],
): NewlyPromotedRow {
  const count = list.reduce((a, b) => a + b, 0);
  const shares = halfUpShares(list);
  return {
    ...head,
    count,
    opinions: list.map((n, i) => ({ count: n, share: shares[i]! })),
    approval_rate: count ? roundRatio(list[0]! * 100, count) : null,
    approval_or_basic_rate: count ? roundRatio((list[0]! + list[1]!) * 100, count) : null,
  };
}

/**
 * Per cadre: the four opinions per voter group and in total, 认同率, 认同+基本认同率, the rank by 认同率 in
 * the unit (exact fractions), the unit's average 认同率 (mean of its cadres' exact 认同率) and the flag
 * of the results screen (不认同 strictly above `threshold` of the cadre's voters).
 */
export function newlyPromotedSummaryOf(
  poll: { id: number; title: string } | null,
  voteTypes: readonly SummaryVoteType[],
  subjects: readonly NewlyPromotedSubjectInput[],
  counts: readonly (NewlyPromotedCounts | undefined)[],
  reasons: readonly string[],
  threshold: number,
): NewlyPromotedSummary {
  const built = subjects.map((s) => {
    const per = voteTypes.map((_, i) => NEWLY_PROMOTED_OPINIONS.map((op) => counts[i]?.[s.id]?.[op] ?? 0));
    const total = NEWLY_PROMOTED_OPINIONS.map((_, k) => per.reduce((a, l) => a + l[k]!, 0));
    const n = total.reduce((a, b) => a + b, 0);
    const rows = [
      ...voteTypes.map((vt, i) =>
        npRow({ kind: 'vote_type', vote_type_id: vt.vote_type_id, label: vt.name }, per[i]!),
      ),
      npRow({ kind: 'total', vote_type_id: null, label: TOTAL_ROW_LABEL }, total),
    ];
    return {
      fraction: n ? total[0]! / n : null,
      subject: {
        subject_id: s.id,
        name: s.name,
        current_position: s.current_position,
        previous_position: s.previous_position,
        rank: null as number | null,
        above_average: null as number | null,
        flagged: n > 0 && total[2]! > threshold * n + 1e-9,
        rows,
      },
    };
  });
  const average = meanShare(built.flatMap((b) => (b.fraction === null ? [] : [b.fraction * 100])));
  const ranks = competitionRanks(built.map((b) => b.fraction));
  built.forEach((b, i) => {
    b.subject.rank = ranks[i]!;
    const rate = b.subject.rows[b.subject.rows.length - 1]!.approval_rate;
    // The difference of the two figures shown, so a calculator gives the same.
    if (rate !== null && average !== null) {
      b.subject.above_average = (Math.round(rate * 100) - Math.round(average * 100)) / 100;
    }
  });
  return {
    poll,
    vote_types: [...voteTypes],
    opinions: [...NEWLY_PROMOTED_OPINIONS],
    average_approval_rate: average,
    flag_threshold: threshold,
    subjects: rankOrder(ranks).map((i) => built[i]!.subject),
    reasons: [...reasons],
  };
}
