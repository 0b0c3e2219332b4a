// Answers as kept in the draft (keyed by step answerKey) and as sent. Whatever comes back from
// localStorage is reshaped defensively: a hand-edited or older draft must never break the page.
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { normalizeName, type RecommendationAnswers } from '@kaoping/contracts/recommendation-rules';
import type { CadreAnswers } from '../ballot/cadre-form-model';
import { subjectKey, type NewlyPromotedValue } from '../ballot/newly-promoted-form-model';
import { emptyScoringAnswers, type ScoringAnswers } from '../ballot/scoring-ballot-model';
import type { BallotStep } from './ballot-steps';

export type Answers = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

const strings = (v: unknown): Record<string, string> =>
  isObject(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

export function scoringValue(raw: unknown): ScoringAnswers {
  if (!isObject(raw)) return emptyScoringAnswers();
  return {
    overall: typeof raw.overall === 'string' ? raw.overall : '',
    items: strings(raw.items),
    reverse: strings(raw.reverse),
  };
}

export function cadreValue(raw: unknown): CadreAnswers {
  if (!isObject(raw)) return {};
  const out: CadreAnswers = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string');
  }
  return out;
}

export const npValue = (raw: unknown): NewlyPromotedValue => strings(raw);

/** A 推荐职位's answers as kept: candidate ids ticked, the 另提名 boxes in their places ('' when blank). */
export function recommendationValue(raw: unknown): RecommendationAnswers {
  if (!isObject(raw)) return { choices: [], write_ins: [] };
  const choices = Array.isArray(raw.choices)
    ? raw.choices.filter((x): x is number => Number.isInteger(x))
    : [];
  const writeIns = Array.isArray(raw.write_ins)
    ? raw.write_ins.map((x) => (typeof x === 'string' ? x : ''))
    : [];
  return { choices: [...new Set(choices)], write_ins: writeIns };
}

/**
 * A post's 另提名 as sent, shown in the review and stored: its boxes only, each name normalised as the
 * server stores it (normalizeName: '赵 敏' is 赵敏, 'Ａ' is A), blank boxes dropped.
 */
export const recommendationWriteIns = (post: { write_in_slots: number }, v: RecommendationAnswers) =>
  v.write_ins
    .slice(0, post.write_in_slots)
    .map(normalizeName)
    .filter((n) => n !== '');

/**
 * The submission's ballots: one entry per target for scoring polls, one per evaluation poll, one per
 * 推荐职位. Only what the current questionnaire knows is sent (the server refuses unknown keys), so a
 * draft made before an admin removed a question (or a candidate) still submits.
 */
export function buildBallots(steps: readonly BallotStep[], answers: Answers): SubmissionBody['ballots'] {
  const entries: SubmissionBody['ballots'] = [];
  const cadre = new Map<number, { poll_id: number; answers: CadreAnswers }>();
  for (const step of steps) {
    const raw = answers[step.answerKey];
    if (step.kind === 'recommendation') {
      const v = recommendationValue(raw);
      const listed = new Set(step.post.candidates.map((c) => c.id));
      entries.push({
        post_id: step.post.id,
        answers: {
          choices: v.choices.filter((id) => listed.has(id)),
          write_ins: recommendationWriteIns(step.post, v),
        },
      });
    } else if (step.kind === 'scoring') {
      const v = scoringValue(raw);
      const [, itemGroup] = step.schema.evaluationGroups;
      const pick = (src: Record<string, string>, ids: { id: string }[]) =>
        Object.fromEntries(ids.filter((i) => src[i.id]).map((i) => [i.id, src[i.id]!]));
      entries.push({
        poll_id: step.poll.id,
        target_id: step.target.id,
        answers: {
          overall: v.overall,
          items: pick(v.items, itemGroup.items),
          reverse: pick(v.reverse, step.schema.reverseEvaluation.items),
        },
      });
    } else if (step.kind === 'cadre') {
      // Pages share one entry per poll; the first page creates it in its place in the order.
      let entry = cadre.get(step.poll.id);
      if (!entry) {
        entry = { poll_id: step.poll.id, answers: {} };
        cadre.set(step.poll.id, entry);
        entries.push(entry);
      }
      const value = cadreValue(raw);
      for (const q of step.page.questions) if (value[q.id] !== undefined) entry.answers[q.id] = value[q.id]!;
    } else {
      const value = npValue(raw);
      const out: Record<string, string> = {};
      for (const s of step.subjects)
        if (value[subjectKey(s.id)]) out[subjectKey(s.id)] = value[subjectKey(s.id)]!;
      if (value.reason?.trim()) out.reason = value.reason;
      entries.push({ poll_id: step.poll.id, answers: out });
    }
  }
  return entries;
}
