import { POLL_KIND_LABELS } from '@kaoping/contracts/poll';
import type {
  PublicCadrePoll,
  PublicCompanyPolls,
  PublicPoll,
  PublicPollKind,
  PublicSubject,
  PublicTarget,
} from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { mapPublicPoll, mapPublicSubject, mapPublicTarget } from './public-ballot.service';
import * as repo from './public.repository';

// Company-addressed reads of spec §7. Company ids are sequential, so these show only what any voter of
// the company sees anyway: questionnaires, active targets and subjects, never ballots or other data.

async function companyOf(db: Db, companyId: number) {
  const company = await repo.findCompany(db, companyId);
  if (!company) throw notFound('单位不存在');
  return company;
}

/** The company and person polls (民主测评), and whether this voter already voted in that family. */
export async function getCompanyPolls(
  db: Db,
  companyId: number,
  voter?: string,
): Promise<PublicCompanyPolls> {
  const company = await companyOf(db, companyId);
  const [polls, voted] = await Promise.all([
    repo.listCompanyPolls(db, companyId, ['company', 'person']),
    voter ? repo.voterHasVoted(db, companyId, 'democratic_appraisal', voter) : Promise.resolve(false),
  ]);
  return { company, polls: polls.map((p) => mapPublicPoll(p)), has_voted: voted };
}

/** The cadre poll (选人用人工作), and whether this voter already voted in the evaluation family. */
export async function getCadrePoll(db: Db, companyId: number, voter?: string): Promise<PublicCadrePoll> {
  const company = await companyOf(db, companyId);
  const [polls, voted] = await Promise.all([
    repo.listCompanyPolls(db, companyId, ['cadre']),
    voter ? repo.voterHasVoted(db, companyId, 'democratic_evaluation', voter) : Promise.resolve(false),
  ]);
  const poll = polls[0];
  if (!poll) throw notFound(`该单位暂无${POLL_KIND_LABELS.cadre}`);
  return { company, poll: mapPublicPoll(poll), has_voted: voted };
}

export async function getCompanyPollOfKind(
  db: Db,
  companyId: number,
  kind: PublicPollKind,
): Promise<PublicPoll> {
  await companyOf(db, companyId);
  const [poll] = await repo.listCompanyPolls(db, companyId, [kind]);
  if (!poll) throw notFound(`该单位暂无${POLL_KIND_LABELS[kind]}`);
  return mapPublicPoll(poll);
}

/** Active appraisal targets only, by sort_order. */
export async function listCompanyTargets(
  db: Db,
  companyId: number,
  type?: 'company' | 'person',
): Promise<PublicTarget[]> {
  await companyOf(db, companyId);
  return (await repo.listActiveTargets(db, companyId, type)).map(mapPublicTarget);
}

/** Active evaluation subjects only, by sort_order. */
export async function listCompanySubjects(db: Db, companyId: number): Promise<PublicSubject[]> {
  await companyOf(db, companyId);
  return (await repo.listActiveSubjects(db, companyId)).map(mapPublicSubject);
}

export async function getPublicPoll(db: Db, id: number): Promise<PublicPoll> {
  const poll = await repo.findPoll(db, id);
  if (!poll) throw notFound('问卷不存在');
  return mapPublicPoll(poll);
}
