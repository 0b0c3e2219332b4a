import { cadreQuestions, type CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import {
  normalizeNewlyPromotedSchema,
  type NewlyPromotedFormSchema,
} from '@kaoping/contracts/newly-promoted-schema';
import { parseFormSchema } from '@kaoping/contracts/poll';
import type {
  PublicFormCategory,
  PublicPollKind,
  ReceiptBallot,
  ReceiptLine,
  SubmissionReceipt,
} from '@kaoping/contracts/public-vote-types';
import type { ScoringFormSchema, ScoringOption } from '@kaoping/contracts/scoring-schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import * as repo from './public.repository';

/** A poll with its form_schema already parsed (null when it no longer parses). */
export type ReceiptPoll = { id: number; title: string } & (
  | { kind: 'company' | 'person'; schema: ScoringFormSchema | null }
  | { kind: 'cadre'; schema: CadreFormSchema | null }
  | { kind: 'newly_promoted'; schema: NewlyPromotedFormSchema }
);

/** Parses a stored poll once for naming its answers. */
export function receiptPoll(row: repo.PollRow): ReceiptPoll {
  const base = { id: row.id, title: row.title };
  const kind = row.targetType as PublicPollKind;
  if (kind === 'newly_promoted')
    return { ...base, kind, schema: normalizeNewlyPromotedSchema(row.formSchema) };
  const parsed = parseFormSchema(kind, row.formSchema);
  const schema = parsed.success ? parsed.data : null;
  return kind === 'cadre'
    ? { ...base, kind, schema: schema as CadreFormSchema | null }
    : { ...base, kind, schema: schema as ScoringFormSchema | null };
}

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
  if (poll.kind === 'newly_promoted') return promotedLines(poll.schema, answers, subjects);
  if (!poll.schema) return [];
  return poll.kind === 'cadre' ? cadreLines(poll.schema, answers) : scoringLines(poll.schema, answers);
}

/** The receipt of a stored ballot; the 201 answer and GET /votes/{id} both come from here. */
export function buildReceipt(input: ReceiptInput): SubmissionReceipt {
  const ballots: ReceiptBallot[] = input.ballots.map((b) => ({
    poll_id: b.poll.id,
    poll_kind: b.poll.kind,
    poll_title: b.poll.title,
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
  const head = await repo.findSubmission(db, submissionId);
  if (!head) throw notFound('投票记录不存在');
  const rows = await repo.listSubmissionBallots(db, submissionId);
  const family = head.formCategory as PublicFormCategory;
  const [polls, targets, subjects] = await Promise.all([
    repo.findPollsByIds(db, [...new Set(rows.map((r) => r.pollId))]),
    repo.findTargetsByIds(db, [...new Set(rows.flatMap((r) => (r.targetId === null ? [] : [r.targetId])))]),
    family === 'democratic_evaluation' ? repo.listAllSubjects(db, head.companyId) : Promise.resolve([]),
  ]);
  const pollById = new Map(polls.map((p) => [p.id, receiptPoll(p)]));
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
        poll: p ?? { id: r.pollId, kind: 'company', title: `问卷（ID ${r.pollId}）`, schema: null },
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
