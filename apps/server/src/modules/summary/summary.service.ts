import { deletedBallotsNote, openVoteTypesNote, SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import { COUNT_NOT_FINISHED } from '@kaoping/contracts/vote-type';
import { DISAPPROVAL_FLAG_THRESHOLD } from '@kaoping/contracts/scoring';
import type { SummaryVoteType, UnitSummary, ValidityRow } from '@kaoping/contracts/summary-tables';
import {
  thresholdPercent,
  type RoundThresholds,
  type SummaryThresholds,
  type SummaryThresholdsBody,
} from '@kaoping/contracts/summary-thresholds';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { getCompany } from '../companies/companies.service';
import { splitOpen, turnoutRows } from '../results/turnout.service';
import { assertRoundWritable, roundOf } from '../rounds/round-scope';
import { updateRoundThresholds, type RoundRow } from '../rounds/rounds.repository';
import { appraisalSummary } from './summary-appraisal';
import { cadreSummary, newlyPromotedSummary } from './summary-evaluation';
import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import { cadreTexts, newlyPromotedReasons } from '../ballots/evaluation-counts.repository';
import type { EvaluationSubjectRow } from '../evaluation-subjects/evaluation-subjects.repository';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { figuresOfRound, type VoteTypeFigures } from '../figures/figures.repository';
import { isParsed, readRoundPolls, type ParsedPoll, type StoredPoll } from '../polls/parsed-poll';
import { listVoteTargets, type VoteTargetRow } from '../vote-targets/vote-targets.repository';

export const thresholdsOf = (round: RoundRow): SummaryThresholds => ({
  flag_top_two_min: round.flagTopTwoMin,
  flag_bottom_max: round.flagBottomMax,
});

/** The voter groups a table shows: active ones and any with formal ballots, in their order. */
const shownGroups = (rows: readonly TurnoutRow[]) => rows.filter((r) => r.is_active || r.received > 0);
const groupOf = (r: TurnoutRow): SummaryVoteType => ({
  vote_type_id: r.vote_type_id,
  name: r.name,
  weight: r.weight,
});

/** 民主推荐 groups are not in this 汇总表 (theirs is the 民主推荐情况汇总表, issue 30). */
function validityRows(rows: readonly TurnoutRow[]): ValidityRow[] {
  return rows
    .flatMap((r) =>
      r.form_category === 'democratic_recommendation' ? [] : [{ ...r, form_category: r.form_category }],
    )
    .map((r) => ({
      vote_type_id: r.vote_type_id,
      name: r.name,
      form_category: r.form_category,
      issued: r.issued,
      received: r.received,
      rate: r.rate,
      under_half: r.rate_warning === 'under',
      closed_at: r.closed_at,
      count_stage: r.count_stage,
      deleted_ballots: r.deleted_ballots,
      deleted_note: r.deleted_ballots > 0 ? deletedBallotsNote(r.deleted_ballots) : null,
    }));
}

/** What a round's 汇总表 is built from besides the figures: its vote types with their turnout, polls and rosters. */
export interface SummaryInputs {
  round: RoundRow;
  turnout: TurnoutRow[];
  scoringPolls: ParsedPoll<'company' | 'person'>[];
  cadrePoll: StoredPoll<'cadre'> | undefined;
  promotedPoll: StoredPoll<'newly_promoted'> | undefined;
  targets: VoteTargetRow[];
  subjects: EvaluationSubjectRow[];
}

/** Reads a round's SummaryInputs (a few small reads, its polls in one; no ballot). */
export async function summaryInputs(db: Db, round: RoundRow): Promise<SummaryInputs> {
  const [{ rows }, polls, targets, subjects] = await Promise.all([
    turnoutRows(db, round.id),
    readRoundPolls(db, round.id, ['company', 'person', 'cadre', 'newly_promoted'] as const),
    listVoteTargets(db, round.id),
    listSubjects(db, round.id),
  ]);
  return {
    round,
    turnout: rows,
    scoringPolls: polls.filter(
      (p): p is ParsedPoll<'company' | 'person'> =>
        (p.kind === 'company' || p.kind === 'person') && isParsed(p),
    ),
    cadrePoll: polls.find((p): p is StoredPoll<'cadre'> => p.kind === 'cadre'),
    promotedPoll: polls.find((p): p is StoredPoll<'newly_promoted'> => p.kind === 'newly_promoted'),
    targets,
    subjects,
  };
}

/** The text answers a 汇总表 lists (选人用人 suggestions, 新提拔 reasons), read from the ballots. */
export interface SummaryTexts {
  cadre: Record<string, string[]>;
  reasons: string[];
}

export const NO_TEXTS: SummaryTexts = { cadre: {}, reasons: [] };

/** The round's text answers, in ballot order (by random id), blanks left out. */
export async function summaryTexts(db: Db, inputs: SummaryInputs): Promise<SummaryTexts> {
  const schema = inputs.cadrePoll?.schema;
  const textIds = schema
    ? cadreQuestions(schema)
        .filter((q) => q.type === 'text_area')
        .map((q) => q.id)
    : [];
  const [texts, reasons] = await Promise.all([
    cadreTexts(db, inputs.round.id, textIds),
    newlyPromotedReasons(db, inputs.round.id),
  ]);
  const cadre: Record<string, string[]> = {};
  for (const t of texts) (cadre[t.q] ??= []).push(t.t);
  return { cadre, reasons };
}

/**
 * The official 汇总表 of one unit's round from its inputs and the stored figures of its vote types
 * (figures/figures.repository.ts): validity, 民主测评, 选人用人 and 新提拔. Pure: the contracts' builders
 * shape the counts; a round without ballots gives every table with zero voters.
 */
export function summaryOf(
  company: { id: number; name: string },
  inputs: SummaryInputs,
  figures: ReadonlyMap<number, VoteTypeFigures>,
  texts: SummaryTexts,
): UnitSummary {
  const { round, turnout: rows } = inputs;
  const thresholds = thresholdsOf(round);
  const shown = shownGroups(rows);
  // The validity rows count every group; the tables leave out the groups still open (decision 0041).
  const { shown: tabled, open } = splitOpen(shown);
  const appraisalGroups = tabled.filter((r) => r.form_category === 'democratic_appraisal').map(groupOf);
  const evaluationGroups = tabled.filter((r) => r.form_category === 'democratic_evaluation').map(groupOf);
  const appraisal = appraisalSummary(
    inputs.scoringPolls,
    inputs.targets,
    figures,
    appraisalGroups,
    thresholds,
  );
  const cadre = cadreSummary(inputs.cadrePoll, figures, evaluationGroups, texts.cadre);
  const newlyPromoted = newlyPromotedSummary(
    inputs.promotedPoll,
    inputs.subjects,
    figures,
    evaluationGroups,
    texts.reasons,
    DISAPPROVAL_FLAG_THRESHOLD,
  );
  const validity = validityRows(shown);
  const closed = validity.length > 0 && validity.every((v) => v.closed_at !== null);
  const counted = validity.every((v) => v.count_stage === 'counted');
  return {
    company: { id: company.id, name: company.name },
    round: { id: round.id, name: round.name, year: round.year, state: round.state as 'current' | 'archived' },
    empty: rows.every((r) => r.received === 0),
    validity: {
      vote_types: validity,
      under_half: validity.some((v) => v.under_half),
      thresholds,
      newly_promoted_threshold: DISAPPROVAL_FLAG_THRESHOLD,
      closed_at: closed ? validity.map((v) => v.closed_at!).sort()[validity.length - 1]! : null,
      rounding_note: SHARE_ROUNDING_NOTE,
      count_finished: counted,
      count_note: counted ? null : COUNT_NOT_FINISHED,
      open_vote_types: open,
      open_note: open.length ? openVoteTypesNote(open.map((o) => o.name)) : null,
    },
    appraisal,
    cadre,
    newly_promoted: newlyPromoted,
    generated_at: new Date().toISOString(),
  };
}

/**
 * The official 汇总表 of one unit and round (absent: the current round): its inputs, the stored figures
 * of its vote types that have ended, its text answers, then summaryOf.
 */
export async function buildUnitSummary(db: Db, companyId: number, roundId?: number): Promise<UnitSummary> {
  const company = await getCompany(db, companyId);
  const round = await roundOf(db, companyId, roundId);
  const [inputs, figures] = await Promise.all([summaryInputs(db, round), figuresOfRound(db, round.id)]);
  return summaryOf(company, inputs, figures, await summaryTexts(db, inputs));
}

/** Sets a round's 汇总表 thresholds (an archived round refuses, 409); audited in the same transaction. */
export async function setThresholds(
  db: Db,
  companyId: number,
  body: SummaryThresholdsBody,
  actor: Actor,
): Promise<RoundThresholds> {
  const company = await getCompany(db, companyId);
  const round = await roundOf(db, companyId, body.round_id);
  return db.transaction(async (tx) => {
    await assertRoundWritable(tx, round.id);
    const row = (await updateRoundThresholds(tx, round.id, {
      flagTopTwoMin: body.flag_top_two_min,
      flagBottomMax: body.flag_bottom_max,
    }))!;
    await recordAudit(tx, actor, 'round.thresholds', {
      company_id: companyId,
      company: company.name,
      round: round.name,
      thresholds: `称职及以上率低于 ${thresholdPercent(row.flagTopTwoMin)} 或不称职率高于 ${thresholdPercent(row.flagBottomMax)} 预警`,
    });
    return { round_id: row.id, ...thresholdsOf(row) };
  });
}
