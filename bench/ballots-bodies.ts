// Realistic ballots for bench/ballots.ts: random but plausible answers for every target, the same rows
// for the HTTP submission and for the direct driver insert.
import { randomBytes, randomUUID } from 'node:crypto';
import type { ScoringAnswers } from '../packages/contracts/src/answers';
import { scoreBallot } from '../packages/contracts/src/scoring';
import type { ScoringFormSchema } from '../packages/contracts/src/scoring-schema';
import type { BenchCompany } from './ballots-server';

export interface BallotRow {
  poll_id: number;
  target_id: number;
  answers: ScoringAnswers;
  score: number;
}

/** Mostly top marks, some middling ones, a reverse mark now and then: what a real meeting produces. */
function pick<T>(options: readonly T[]): T {
  const r = Math.random();
  const i = r < 0.6 ? 0 : r < 0.85 ? 1 : r < 0.97 ? 2 : 3;
  return options[Math.min(i, options.length - 1)]!;
}

function answersFor(schema: ScoringFormSchema): ScoringAnswers {
  const [overall, items] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;
  const reverse: Record<string, string> = {};
  for (const item of rev.items) if (Math.random() < 0.08) reverse[item.id] = rev.options[0]!.value;
  return {
    overall: pick(overall.options).value,
    items: Object.fromEntries(items.items.map((i) => [i.id, pick(items.options).value])),
    reverse,
  };
}

/** One voter's whole ballot: one row per active target, answered with the poll of its type. */
export function randomBallot(company: BenchCompany): BallotRow[] {
  const byKind = new Map(company.view.polls.map((p) => [p.target_type, p]));
  return company.view.targets.map((t) => {
    const poll = byKind.get(t.type)!;
    const schema = poll.form_schema as ScoringFormSchema;
    const answers = answersFor(schema);
    return { poll_id: poll.id, target_id: t.id, answers, score: scoreBallot(schema, answers) };
  });
}

const VOTER = '"__VOTER__"';
const SID = '"__SID__"';
const CODE = '"__CODE__"';

export const newVoter = () => `bench-${randomBytes(12).toString('base64url')}`;

/**
 * A pool of request bodies with placeholders for the voter and the submission id (and, in codes mode, the
 * code), filled per request: every request is a new voter with a new UUID (and a fresh code), and building
 * it costs the load generator almost nothing.
 */
export function bodyPool(
  company: BenchCompany,
  size = 200,
  codes?: { linkId: string; nextCode: () => string },
) {
  const templates = Array.from({ length: size }, () =>
    JSON.stringify({
      link_id: codes?.linkId ?? company.linkId,
      voter_identifier: '__VOTER__',
      submission_id: '__SID__',
      ...(codes ? { code: '__CODE__' } : {}),
      ballots: randomBallot(company).map(({ poll_id, target_id, answers }) => ({
        poll_id,
        target_id,
        answers,
      })),
    }),
  );
  let next = 0;
  return () => {
    const t = templates[next++ % templates.length]!;
    const body = t.replace(VOTER, JSON.stringify(newVoter())).replace(SID, JSON.stringify(randomUUID()));
    // Codes mode: every request spends the next unused code (issue 12).
    return codes ? body.replace(CODE, JSON.stringify(codes.nextCode())) : body;
  };
}
