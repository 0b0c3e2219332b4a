import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type {
  PublicCadrePoll,
  PublicCompanyPolls,
  PublicPoll,
  PublicPollKind,
  PublicSubject,
  PublicTarget,
} from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { voterHasVoted } from '../ballots/submissions.repository';
import { getCompany } from '../companies/companies.service';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { isParsed, parsePoll, readRoundPolls } from '../polls/parsed-poll';
import { currentRound } from '../rounds/round-scope';
import { findPoll } from '../polls/polls.repository';
import { listVoteTargets } from '../vote-targets/vote-targets.repository';
import { statusOf } from '../vote-types/vote-type-status';
import { listVoteTypes } from '../vote-types/vote-types.repository';
import { mapPublicPoll, mapPublicSubject, mapPublicTarget } from './public-ballot.service';

// Company-addressed reads of spec §7. Company ids are sequential, so these show only what any voter of
// the company sees anyway: questionnaires, active targets and subjects, never ballots or other data.
// Polls are read by parsePoll, like the ballot definition: one whose stored schema no longer reads (a
// hand edit) is not shown to voters.

/** The round's parsed polls of these kinds, in id order. */
const parsedPolls = async <K extends PublicPollKind>(db: Db, roundId: number, kinds: readonly K[]) =>
  (await readRoundPolls(db, roundId, kinds)).filter(isParsed);

// The lists of people (targets; subjects with birth dates) answer only while a vote that shows them runs.

/** The company and its current round (what the company-addressed reads show). */
async function companyOf(db: Db, companyId: number) {
  const company = await getCompany(db, companyId);
  const round = await currentRound(db, companyId);
  return { id: company.id, name: company.name, roundId: round.id };
}

/** The company and person polls (民主测评), and whether this voter already voted in that family. */
export async function getCompanyPolls(
  db: Db,
  companyId: number,
  voter?: string,
): Promise<PublicCompanyPolls> {
  const { roundId, ...company } = await companyOf(db, companyId);
  const [polls, voted] = await Promise.all([
    parsedPolls(db, roundId, ['company', 'person'] as const),
    voter ? voterHasVoted(db, roundId, 'democratic_appraisal', voter) : Promise.resolve(false),
  ]);
  return { company, polls: polls.map((p) => mapPublicPoll(p)), has_voted: voted };
}

/** The cadre poll (选人用人工作), and whether this voter already voted in the evaluation family. */
export async function getCadrePoll(db: Db, companyId: number, voter?: string): Promise<PublicCadrePoll> {
  const { roundId, ...company } = await companyOf(db, companyId);
  const [polls, voted] = await Promise.all([
    parsedPolls(db, roundId, ['cadre'] as const),
    voter ? voterHasVoted(db, roundId, 'democratic_evaluation', voter) : Promise.resolve(false),
  ]);
  const poll = polls[0];
  if (!poll) throw fail('NO_POLL_OF_KIND', { poll: POLL_KIND_LABELS.cadre.poll });
  return { company, poll: mapPublicPoll(poll), has_voted: voted };
}

export async function getCompanyPollOfKind(
  db: Db,
  companyId: number,
  kind: PublicPollKind,
): Promise<PublicPoll> {
  const { roundId } = await companyOf(db, companyId);
  const [poll] = await parsedPolls(db, roundId, [kind]);
  if (!poll) throw fail('NO_POLL_OF_KIND', { poll: POLL_KIND_LABELS[kind].poll });
  return mapPublicPoll(poll);
}

/**
 * 404 unless one of the company's vote types of this family is open or in test mode: a unit's people are
 * shown to voters during a vote, not to anyone at any time.
 */
async function requireRunningVote(db: Db, roundId: number, family: string) {
  const voteTypes = await listVoteTypes(db, roundId, family);
  if (!voteTypes.some((v) => statusOf(v) === 'open' || (v.isActive && v.testMode)))
    throw fail('NO_OPEN_VOTE');
}

/** Active appraisal targets only, by sort_order; only while an appraisal vote runs. */
export async function listCompanyTargets(
  db: Db,
  companyId: number,
  type?: 'company' | 'person',
): Promise<PublicTarget[]> {
  const { roundId } = await companyOf(db, companyId);
  await requireRunningVote(db, roundId, 'democratic_appraisal');
  return (await listVoteTargets(db, roundId, { type, activeOnly: true })).map(mapPublicTarget);
}

/** Active evaluation subjects only, by sort_order; only while an evaluation vote runs. */
export async function listCompanySubjects(db: Db, companyId: number): Promise<PublicSubject[]> {
  const { roundId } = await companyOf(db, companyId);
  await requireRunningVote(db, roundId, 'democratic_evaluation');
  return (await listSubjects(db, roundId, { activeOnly: true })).map(mapPublicSubject);
}

export async function getPublicPoll(db: Db, id: number): Promise<PublicPoll> {
  const row = await findPoll(db, id);
  const poll = row && parsePoll(row);
  if (!poll || !isParsed(poll)) throw fail('POLL_NOT_FOUND');
  return mapPublicPoll(poll);
}
