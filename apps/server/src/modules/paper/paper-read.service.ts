import { errorDetail } from '@kaoping/contracts/errors';
import {
  PAPER_DETAILS,
  type PaperForm,
  type PaperSheetCheck,
  type PaperSheetList,
  type PaperSheetListQuery,
} from '@kaoping/contracts/paper-ballots';
import { PUBLIC_VOTE_DETAILS } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { mapPublicPoll, mapPublicSubject, mapPublicTarget } from '../public/public-ballot.service';
import { STATUS_REFUSALS } from '../voting/conditions';
import { countStageOf, statusOf } from '../vote-types/vote-type-status';
import { getScopedVoteType } from '../vote-types/vote-types.service';
import { paperDefinition } from './paper-ballot';
import { alreadyCounted, keyOf, notEntered, resolveSheet } from './paper-sheet-key';
import { countsOf, sheetOf, summaryOf } from './paper-view';
import * as repo from './paper.repository';

// What the entry screen reads: the ballot to key, a typed code checked before keying, the sheets keyed.

/** The ballot as the voter page gets it (polls, targets, subjects), and how paper is entered for it. */
export async function paperForm(db: Db, voteTypeId: number, companyId?: number): Promise<PaperForm> {
  const def = await paperDefinition(db, voteTypeId, companyId);
  const v = def.voteType;
  const state = def.roundArchived ? 'closed' : statusOf(v);
  const stage = countStageOf(v);
  const notice = def.roundArchived
    ? PUBLIC_VOTE_DETAILS.archived
    : stage === 'counted'
      ? PAPER_DETAILS.counted
      : state !== 'open' && state !== 'closed'
        ? errorDetail(STATUS_REFUSALS[state])
        : def.problem;
  return {
    vote_type_id: v.id,
    name: v.name,
    company: def.company,
    form_category: def.family,
    access_mode: v.accessMode as PaperForm['access_mode'],
    double_entry: v.doubleEntry,
    test_mode: v.testMode,
    state,
    count_stage: stage,
    round_archived: def.roundArchived,
    ready: notice === null,
    notice,
    polls: def.problem ? [] : def.polls.map(mapPublicPoll),
    targets: def.targets.map(mapPublicTarget),
    subjects: def.subjects.map(mapPublicSubject),
    posts: def.problem ? [] : def.posts,
    recommendation_mode: (v.recommendationMode as PaperForm['recommendation_mode']) ?? null,
    counts: await countsOf(db, v),
  };
}

/** Whether a typed code (or sheet number) can be keyed now by this account; refusals as on entry. */
export async function checkSheetKey(
  db: Db,
  voteTypeId: number,
  typed: string,
  opts: { companyId?: number; userId: number },
): Promise<PaperSheetCheck> {
  const v = await getScopedVoteType(db, voteTypeId, opts.companyId);
  const { key, label, sheet } = await resolveSheet(db, v, typed);
  if (!sheet) return { key, label, state: 'new', can_enter: true };
  const state = sheet.state as PaperSheetCheck['state'];
  if (state === 'counted')
    return { key, label, state, can_enter: false, detail: alreadyCounted(v, key).detail };
  if (state === 'conflict') return { key, label, state, can_enter: false, detail: PAPER_DETAILS.inConflict };
  if (sheet.firstUserId === null) {
    return { key, label, state, can_enter: false, detail: PAPER_DETAILS.keyerUnknown };
  }
  if (sheet.firstUserId === opts.userId) {
    return { key, label, state, can_enter: false, detail: PAPER_DETAILS.sameKeyer };
  }
  return { key, label, state, can_enter: true };
}

export async function listSheets(
  db: Db,
  voteTypeId: number,
  query: PaperSheetListQuery,
  companyId?: number,
): Promise<PaperSheetList> {
  const v = await getScopedVoteType(db, voteTypeId, companyId);
  const skip = (query.page - 1) * query.page_size;
  const [page, counts] = await Promise.all([
    repo.listSheets(db, v.id, query.state, { skip, limit: query.page_size }),
    countsOf(db, v),
  ]);
  return { items: page.items.map((row) => summaryOf(v, row)), total: page.total, counts };
}

export async function sheetDetail(
  db: Db,
  voteTypeId: number,
  typed: string,
  opts: { companyId?: number; userId: number },
) {
  const v = await getScopedVoteType(db, voteTypeId, opts.companyId);
  const { key } = keyOf(v, typed);
  const sheet = await repo.findSheet(db, v.id, key);
  if (!sheet) throw notEntered(v, key);
  return sheetOf(db, v, sheet, opts.userId);
}
