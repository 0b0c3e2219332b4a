import { cadreQuestions, type CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import type { NewlyPromotedFormSchema } from '@kaoping/contracts/newly-promoted-schema';
import type {
  PublicFormCategory,
  ReceiptBallot,
  ReceiptLine,
  SubmissionReceipt,
} from '@kaoping/contracts/public-vote-types';
import type { ScoringFormSchema, ScoringOption } from '@kaoping/contracts/scoring-schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findSubmission } from '../ballots/submissions.repository';
import { listSubmissionBallots } from '../ballots/ballot-rows.repository';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { readPollsByIds, type StoredPoll } from '../polls/parsed-poll';
import type { PollRow } from '../polls/polls.repository';
import { findVoteTargetsByIds } from '../vote-targets/vote-targets.repository';

/** The poll a ballot answers, as parsePoll read it; a poll deleted since keeps only its id. */
export type ReceiptPoll = StoredPoll | { row: Pick<PollRow, 'id' | 'title'>; kind: 'company'; schema: null };

export interface ReceiptInput {
  submissionId: string;
  createdMs: number;
  company: { id: number; name: string };
  voteType: { name: string; family: PublicFormCategory };
  totalScore: number | null;
  ballots: {
    poll: ReceiptPoll;
    target: { id: number; name: string; title: string } | null;
    answers: Record<string, unknown>;
    score: number | null;
  }[];
  /** Subjects in display order, for naming newly promoted answers. */
  subjects: readonly { id: number; name: string }[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const labelOf = (options: readonly ScoringOption[], value: unknown) =>
  options.find((o) => o.value === value)?.label ?? String(value);

function scoringLines(schema: ScoringFormSchema, answers: Obj): ReceiptLine[] {
  const [overall, items] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;
  const lines = [
    { question: overall.title || '总体评价', answer: labelOf(overall.options, answers.overall) },
  ];
  const itemAnswers = obj(answers.items);
  for (const item of items.items) {
    if (item.id in itemAnswers)
      lines.push({ question: item.name, answer: labelOf(items.options, itemAnswers[item.id]) });
  }
  const marks = obj(answers.reverse);
  for (const item of rev.items) {
    if (item.id in marks) {
      lines.push({
        question: `${rev.title}：${item.description}`,
        answer: labelOf(rev.options, marks[item.id]),
      });
    }
  }
  return lines;
}

function cadreLines(schema: CadreFormSchema, answers: Obj): ReceiptLine[] {
  return cadreQuestions(schema)
    .filter((q) => q.id in answers)
    .map((q) => {
      const v = answers[q.id];
      return { question: q.text, answer: Array.isArray(v) ? v.join('、') : String(v) };
    });
}

function promotedLines(
  schema: NewlyPromotedFormSchema,
  answers: Obj,
  subjects: ReceiptInput['subjects'],
): ReceiptLine[] {
  const known = new Set(subjects.map((s) => `subject_${s.id}`));
  const lines = subjects
    .filter((s) => `subject_${s.id}` in answers)
    .map((s) => ({ question: s.name, answer: String(answers[`subject_${s.id}`]) }));
  for (const key of Object.keys(answers).sort()) {
    // A subject deleted since the vote still shows, by id.
    if (key.startsWith('subject_') && !known.has(key)) {
      lines.push({ question: `评议对象（ID ${key.slice(8)}）`, answer: String(answers[key]) });
    }
  }
  if (typeof answers.reason === 'string') {
    lines.push({ question: schema.reason_question, answer: answers.reason });
  }
  return lines;
}

function linesOf(poll: ReceiptPoll, answers: Obj, subjects: ReceiptInput['subjects']): ReceiptLine[] {
  if (poll.schema === null) return [];
  if (poll.kind === 'newly_promoted') return promotedLines(poll.schema, answers, subjects);
  return poll.kind === 'cadre' ? cadreLines(poll.schema, answers) : scoringLines(poll.schema, answers);
}

/** The receipt of a stored ballot; the 201 answer and GET /votes/{id} both come from here. */
export function buildReceipt(input: ReceiptInput): SubmissionReceipt {
  const ballots: ReceiptBallot[] = input.ballots.map((b) => ({
    poll_id: b.poll.row.id,
    poll_kind: b.poll.kind,
    poll_title: b.poll.row.title,
    target_id: b.target?.id ?? null,
    target_name: b.target?.name ?? null,
    target_title: b.target?.title ?? null,
    answers: b.answers as ReceiptBallot['answers'],
    lines: linesOf(b.poll, b.answers, input.subjects),
    score: b.score,
  }));
  return {
    submission_id: input.submissionId,
    created_at: new Date(input.createdMs).toISOString(),
    company: input.company,
    vote_type: { name: input.voteType.name, form_category: input.voteType.family },
    ballot_count: ballots.length,
    total_score: input.totalScore,
    ballots,
  };
}

/** The receipt of a stored submission, read back from the database; 404 when there is none. */
export async function loadReceipt(db: Db, submissionId: string): Promise<SubmissionReceipt> {
  const head = await findSubmission(db, submissionId);
  if (!head) throw notFound('投票记录不存在');
  const rows = await listSubmissionBallots(db, submissionId);
  const family = head.formCategory as PublicFormCategory;
  const [polls, targets, subjects] = await Promise.all([
    readPollsByIds(db, [...new Set(rows.map((r) => r.pollId))]),
    findVoteTargetsByIds(db, [...new Set(rows.flatMap((r) => (r.targetId === null ? [] : [r.targetId])))]),
    // Every subject, active or not: a receipt names past subjects too.
    family === 'democratic_evaluation' ? listSubjects(db, head.companyId) : Promise.resolve([]),
  ]);
  const pollById = new Map(polls.map((p) => [p.row.id, p]));
  const targetById = new Map(targets.map((t) => [t.id, t]));
  return buildReceipt({
    submissionId: head.id,
    createdMs: head.createdMs,
    company: { id: head.companyId, name: head.companyName },
    voteType: { name: head.voteTypeName, family },
    totalScore: head.totalScore,
    subjects,
    ballots: rows.map((r) => {
      const p = pollById.get(r.pollId);
      const t = r.targetId === null ? undefined : targetById.get(r.targetId);
      return {
        // A poll deleted since keeps its id; its questions can no longer be named.
        poll: p ?? { row: { id: r.pollId, title: `问卷（ID ${r.pollId}）` }, kind: 'company', schema: null },
        target:
          r.targetId === null
            ? null
            : { id: r.targetId, name: t?.name ?? `测评对象（ID ${r.targetId}）`, title: t?.title ?? '' },
        answers: obj(r.answers),
        score: r.score,
      };
    }),
  });
}
