import {
  validateCadreAnswers,
  validateNewlyPromotedAnswers,
  validateScoringAnswers,
  type AnswerCheck,
} from '@kaoping/contracts/answers';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type { ErrorCode } from '@kaoping/contracts/errors';
import type { BallotEntryInput, SubmissionBody } from '@kaoping/contracts/public-vote-types';
import {
  checkRecommendationBallot,
  type RecommendationAnswers,
  type RecommendationBallotEntry,
  type RecommendationEntryStatus,
  type RecommendationSource,
} from '@kaoping/contracts/recommendation-rules';
import { scoreBallot } from '@kaoping/contracts/scoring';
import type { ParsedPoll } from '../polls/parsed-poll';
import type { BallotDefinition, BallotPart } from './definition';

// NUL and unpaired UTF-16 surrogates cannot be stored in PostgreSQL text or jsonb: refuse them as bad
// input (422) rather than let the insert fail with a 500.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(unstorable);
  if (value && typeof value === 'object') return Object.values(value).some(unstorable);
  return false;
}

/** A checked ballot row, ready to store, in the definition's answering order. */
export interface CleanBallot {
  part: BallotPart;
  answers: Record<string, unknown>;
  score: number | null;
}

export type BallotCheck = { ok: true; ballots: CleanBallot[] } | { ok: false; errors: string[] };

/** An entry of a submission's `ballots`, of any family. */
export type SubmissionEntry = SubmissionBody['ballots'][number];

const partKey = (pollId: number, targetId: number | null | undefined) => `${pollId}:${targetId ?? ''}`;

/** How a part is named to the voter: the target's name, or the poll's title. */
export const partName = (part: BallotPart) =>
  part.target ? `“${part.target.name}”` : `“${part.poll.row.title}”`;

function checkAnswers(
  def: BallotDefinition,
  poll: ParsedPoll,
  raw: unknown,
): AnswerCheck<Record<string, unknown>> {
  switch (poll.kind) {
    case 'company':
    case 'person':
      return validateScoringAnswers(poll.schema, raw) as AnswerCheck<Record<string, unknown>>;
    case 'cadre':
      return validateCadreAnswers(poll.schema, raw);
    case 'newly_promoted':
      return validateNewlyPromotedAnswers(
        def.subjects.map((s) => ({ id: s.id, name: s.name })),
        raw,
      ) as AnswerCheck<Record<string, unknown>>;
  }
}

interface Lookups {
  parts: Map<string, BallotPart>;
  polls: Map<number, ParsedPoll>;
  targets: Map<number, BallotDefinition['targets'][number]>;
}

// A definition is read once and then shared by every ballot checked against it (definitionFor's
// cache): its lookup tables are built once per definition, not once per ballot.
const lookups = new WeakMap<BallotDefinition, Lookups>();

function lookupsOf(def: BallotDefinition): Lookups {
  let l = lookups.get(def);
  if (!l) {
    l = {
      parts: new Map(def.parts.map((p) => [partKey(p.poll.row.id, p.target?.id), p])),
      polls: new Map(def.parts.map((p) => [p.poll.row.id, p.poll])),
      targets: new Map(def.targets.map((t) => [t.id, t])),
    };
    lookups.set(def, l);
  }
  return l;
}

/**
 * Checks a submission's entries against the definition: every entry names a poll of the ballot and,
 * for scoring polls, an active target of the matching type; every part is answered exactly once; and
 * each answer passes the contracts' validator. Every error names the target or poll concerned.
 */
export function checkBallot(def: BallotDefinition, entries: readonly BallotEntryInput[]): BallotCheck {
  const errors: string[] = [];
  const { parts, polls, targets } = lookupsOf(def);
  const answered = new Map<string, CleanBallot>();
  // Parts an entry was sent for, valid or not: those are wrong, not missing.
  const attempted = new Set<string>();

  entries.forEach((entry, index) => {
    const where = `第 ${index + 1} 份答卷`;
    const poll = polls.get(entry.poll_id);
    if (!poll) return errors.push(`${where}：问卷（ID ${entry.poll_id}）不属于本次投票`);
    const scoring = poll.kind === 'company' || poll.kind === 'person';
    if (scoring && entry.target_id == null) {
      return errors.push(`${where}：${POLL_KIND_LABELS[poll.kind].poll}需要指定测评对象（target_id）`);
    }
    if (!scoring && entry.target_id != null) {
      return errors.push(`${where}：“${poll.row.title}”不需要测评对象（target_id）`);
    }
    const key = partKey(poll.row.id, entry.target_id);
    const part = parts.get(key);
    if (!part) {
      const target = entry.target_id == null ? undefined : targets.get(entry.target_id);
      return errors.push(
        target
          ? `${where}：测评对象“${target.name}”应使用${POLL_KIND_LABELS[target.type as 'company' | 'person'].poll}作答`
          : `${where}：测评对象（ID ${entry.target_id}）不存在或未启用`,
      );
    }
    if (attempted.has(key)) return errors.push(`对${partName(part)}重复作答`);
    attempted.add(key);
    const result = checkAnswers(def, poll, entry.answers);
    if (!result.success) return errors.push(...result.errors.map((e) => `${partName(part)}：${e}`));
    // A scoring answer holds only the schema's own item ids and option values (checked just above).
    if (!scoring && unstorable(result.data)) return errors.push(`${partName(part)}：答案包含无法保存的字符`);
    const score = scoring ? scoreBallot(poll.schema, result.data as never) : null;
    answered.set(key, { part, answers: result.data, score });
  });

  const missing = def.parts.filter((p) => !attempted.has(partKey(p.poll.row.id, p.target?.id)));
  if (missing.length > 0) {
    const names = missing.slice(0, 5).map(partName).join('、');
    errors.push(`尚未作答：${names}${missing.length > 5 ? ` 等 ${missing.length} 项` : ''}`);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, ballots: def.parts.map((p) => answered.get(partKey(p.poll.row.id, p.target?.id))!) };
}

/** The first few errors for BALLOT_INVALID's detail (答卷有误：…), with how many more there are. */
export function describeErrors(errors: readonly string[]) {
  const shown = errors.slice(0, 3).join('；');
  return errors.length > 3 ? `${shown}；等共 ${errors.length} 处问题` : shown;
}

// —— 民主推荐 (issue 30) ——

/** One post of a checked 民主推荐 ballot: how it counts and the answers to store (write-ins normalised). */
export interface CleanPost {
  postId: number;
  status: RecommendationEntryStatus;
  answers: RecommendationAnswers;
}

const isPostEntry = (e: SubmissionEntry): e is RecommendationBallotEntry => 'post_id' in e;

/**
 * A 民主推荐 ballot against the definition's active posts, by the contracts' rules
 * (checkRecommendationBallot): a phone's every broken rule is refused, a paper sheet's or a talk record's
 * too many or too few marks make that post 无效. The refusal is a code of the error table with its values.
 */
export function checkRecommendation(
  def: BallotDefinition,
  entries: readonly SubmissionEntry[],
  source: RecommendationSource,
):
  { ok: true; posts: CleanPost[] } | { ok: false; code: ErrorCode; params: Record<string, string | number> } {
  const other = entries.findIndex((e) => !isPostEntry(e));
  if (other >= 0) {
    return {
      ok: false,
      code: 'BALLOT_INVALID',
      params: {
        errors: `第 ${other + 1} 份答卷：民主推荐的答卷应为 { post_id, answers: { choices, write_ins } }`,
      },
    };
  }
  const checked = checkRecommendationBallot(def.posts, entries as RecommendationBallotEntry[], source);
  if (!checked.ok) return { ok: false, code: checked.refusal.code, params: checked.refusal.params };
  if (checked.entries.some((e) => unstorable(e.data.write_ins))) {
    return { ok: false, code: 'BALLOT_INVALID', params: { errors: '另提名人选姓名包含无法保存的字符' } };
  }
  return {
    ok: true,
    posts: checked.entries.map((e) => ({ postId: e.post_id, status: e.status, answers: e.data })),
  };
}

/** The poll entries of a submission (民主测评, 民主评议); a post entry there is refused as not of the ballot. */
export function pollEntries(entries: readonly SubmissionEntry[]): BallotEntryInput[] {
  return entries.map((e) =>
    isPostEntry(e)
      ? { poll_id: 0, target_id: null, answers: e.answers as unknown as Record<string, unknown> }
      : e,
  );
}
