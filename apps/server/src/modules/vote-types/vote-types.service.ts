import { randomBytes } from 'node:crypto';
import {
  type VoteType,
  type VoteTypeCreateBody,
  type VoteTypeListQuery,
  type VoteTypeUpdateBody,
  voteTypePublicPath,
} from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import { fail, isForeignKeyViolation } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { countVoteTypeSubmissions, voteTypeHasSubmissions } from '../ballots/submissions.repository';
import { getCompany } from '../companies/companies.service';
import { assertRoundWritable, currentRound, writableCurrentRound } from '../rounds/round-scope';
import { countStageOf, hasEnded, statusOf } from './vote-type-status';
import * as repo from './vote-types.repository';
import { invalidateFigures } from '../figures/figures.repository';

/** 128 random bits, URL-safe: a link nobody can guess or enumerate. */
export const newLinkId = () => randomBytes(16).toString('base64url');

/**
 * The vote type as admins see it. `base` is the configured public address (settings/PUBLIC_URL); the
 * absolute voting link is built from it, never from the address of the admin's browser.
 */
export function mapVoteType(row: repo.VoteTypeRow, base: string | null): VoteType {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    form_category: row.formCategory as VoteType['form_category'],
    weight: row.weight,
    link_id: row.linkId,
    public_path: voteTypePublicPath(row.linkId),
    is_active: row.isActive,
    sort_order: row.sortOrder,
    opens_at: row.opensAt?.toISOString() ?? null,
    closes_at: row.closesAt?.toISOString() ?? null,
    expected_voters: row.expectedVoters,
    results_public: row.resultsPublic,
    access_mode: row.accessMode as VoteType['access_mode'],
    test_mode: row.testMode,
    double_entry: row.doubleEntry,
    recommendation_mode: (row.recommendationMode as VoteType['recommendation_mode']) ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    status: statusOf(row),
    count_stage: countStageOf(row),
    counted_at: row.countedAt?.toISOString() ?? null,
    deleted_ballots: row.deletedBallots,
    public_url: base === null ? null : `${base}${voteTypePublicPath(row.linkId)}`,
    created_at: row.createdAt.toISOString(),
  };
}

const toDate = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);
const duplicate = (name: string) => fail('VOTE_TYPE_NAME_TAKEN', { name });

/** The vote type, or 404 when it does not exist or belongs to another company than the one given. */
export async function getScopedVoteType(db: Db, id: number, companyId?: number) {
  const row = await repo.findVoteType(db, id);
  if (!row || (companyId !== undefined && row.companyId !== companyId)) throw fail('VOTE_TYPE_NOT_FOUND');
  return row;
}

/** The company (404 '单位不存在') and its vote type (404 '投票类型不存在'); for modules hanging off a vote type. */
export async function getVoteTypeOfCompany(db: Db, companyId: number, voteTypeId: number) {
  await getCompany(db, companyId);
  return getScopedVoteType(db, voteTypeId, companyId);
}

/** The vote type locked FOR UPDATE (ballots in flight finish first), or 404 like getScopedVoteType. */
export async function lockScopedVoteType(db: Db, id: number, companyId?: number) {
  const row = await repo.lockVoteType(db, id);
  if (!row || (companyId !== undefined && row.companyId !== companyId)) throw fail('VOTE_TYPE_NOT_FOUND');
  return row;
}

/** The current round's vote types. */
export async function listVoteTypes(db: Db, query: VoteTypeListQuery, base: string | null) {
  const round = await currentRound(db, query.company_id);
  return (await repo.listVoteTypes(db, round.id, query.form_category)).map((r) => mapVoteType(r, base));
}

/**
 * 民主推荐's recommendation_mode as stored (null on the other families: 422 when sent for one), and what
 * 谈话调研推荐 fixes: no public link means link mode (the records are numbered by the interviewers), keyed
 * once (single entry). Asking a talk vote type for codes or double entry is a 422 (nothing is silently
 * stored otherwise); a vote type switched to talk without asking becomes link mode, single entry.
 */
function recommendationSettings(
  family: string,
  body: Pick<VoteTypeCreateBody, 'recommendation_mode'> &
    Partial<Pick<VoteTypeCreateBody, 'access_mode' | 'double_entry'>>,
  current: string | null,
) {
  const mode = body.recommendation_mode;
  if (family !== 'democratic_recommendation') {
    if (mode !== undefined) throw fail('RECOMMENDATION_MODE_NOT_FAMILY');
    return { recommendationMode: null };
  }
  const next = mode ?? current ?? 'meeting';
  if (next !== 'talk') return { recommendationMode: next };
  if (body.access_mode === 'codes') throw fail('RECOMMENDATION_TALK_ACCESS_MODE');
  if (body.double_entry === true) throw fail('RECOMMENDATION_TALK_DOUBLE_ENTRY');
  return { recommendationMode: next, accessMode: 'link', doubleEntry: false };
}

/** A new vote type goes into the unit's current round. */
export async function createVoteType(db: Db, body: VoteTypeCreateBody, base: string | null) {
  return db.transaction(async (tx) => {
    const round = await writableCurrentRound(tx, body.company_id);
    return insertInRound(tx, round.id, body, base);
  });
}

async function insertInRound(db: Db, roundId: number, body: VoteTypeCreateBody, base: string | null) {
  if (await repo.findSameName(db, roundId, body.name)) throw duplicate(body.name);
  const sortOrder = body.sort_order ?? ((await repo.maxSortOrder(db, roundId)) ?? -1) + 1;
  const values = {
    companyId: body.company_id,
    roundId,
    name: body.name,
    formCategory: body.form_category,
    weight: body.weight,
    isActive: body.is_active,
    sortOrder,
    opensAt: toDate(body.opens_at) ?? null,
    closesAt: toDate(body.closes_at) ?? null,
    expectedVoters: body.expected_voters ?? null,
    resultsPublic: body.results_public,
    accessMode: body.access_mode,
    testMode: body.test_mode,
    doubleEntry: body.double_entry,
    ...recommendationSettings(body.form_category, body, null),
  };
  // 128 random bits do not clash (a clash would be a 500 and roll the transaction back).
  try {
    return mapVoteType(await repo.insertVoteType(db, { ...values, linkId: newLinkId() }), base);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw fail('COMPANY_NOT_FOUND');
    throw err;
  }
}

/**
 * The rules a change must keep once ballots exist: the family, the access mode and test mode (back to
 * test) stay while formal ballots exist, and the cap cannot drop below the ballots received, so that
 * 收回数 never exceeds 发出数.
 */
async function checkChange(db: Db, row: repo.VoteTypeRow, body: VoteTypeUpdateBody) {
  const changes = (field: keyof VoteTypeUpdateBody, current: unknown) =>
    body[field] !== undefined && body[field] !== current;
  if (changes('form_category', row.formCategory) && (await voteTypeHasSubmissions(db, row.id))) {
    throw fail('FORM_CATEGORY_LOCKED');
  }
  if (changes('recommendation_mode', row.recommendationMode) && (await voteTypeHasSubmissions(db, row.id))) {
    throw fail('RECOMMENDATION_MODE_LOCKED');
  }
  const needsCount =
    changes('access_mode', row.accessMode) ||
    (body.test_mode === true && !row.testMode) ||
    (body.test_mode === false && row.testMode) ||
    (body.expected_voters !== undefined && body.expected_voters !== null);
  if (!needsCount) return;
  const formal = await countVoteTypeSubmissions(db, row.id, false);
  if (changes('access_mode', row.accessMode) && formal > 0) {
    throw fail('ACCESS_MODE_LOCKED');
  }
  if (body.test_mode === true && !row.testMode && formal > 0) {
    throw fail('TEST_MODE_LOCKED');
  }
  if (body.test_mode === false && row.testMode && (await countVoteTypeSubmissions(db, row.id, true)) > 0) {
    throw fail('TEST_BALLOTS_EXIST');
  }
  if (body.expected_voters != null && body.expected_voters < formal) {
    throw fail('EXPECTED_BELOW_BALLOTS', { count: formal });
  }
}

/** Changes a vote type; the row is locked so that a mode or cap change never races a ballot. Audited where it matters. */
export async function updateVoteType(
  db: Db,
  id: number,
  body: VoteTypeUpdateBody,
  opts: { base: string | null; actor: Actor },
) {
  const opensAt = toDate(body.opens_at);
  const closesAt = toDate(body.closes_at);
  const updated = await db.transaction(async (tx) => {
    const row = await lockScopedVoteType(tx, id, body.company_id);
    await assertRoundWritable(tx, row.roundId);
    const newOpens = opensAt === undefined ? row.opensAt : opensAt;
    const newCloses = closesAt === undefined ? row.closesAt : closesAt;
    if (newOpens && newCloses && newCloses <= newOpens) throw fail('CLOSES_BEFORE_OPENS');
    if (body.name !== undefined && (await repo.findSameName(tx, row.roundId, body.name, id))) {
      throw duplicate(body.name);
    }
    await checkChange(tx, row, body);
    const next = await repo.updateVoteType(tx, id, {
      name: body.name,
      formCategory: body.form_category,
      weight: body.weight,
      isActive: body.is_active,
      sortOrder: body.sort_order,
      opensAt,
      closesAt,
      expectedVoters: body.expected_voters,
      resultsPublic: body.results_public,
      accessMode: body.access_mode,
      testMode: body.test_mode,
      doubleEntry: body.double_entry,
      ...recommendationSettings(body.form_category ?? row.formCategory, body, row.recommendationMode),
    });
    if (!next) throw fail('VOTE_TYPE_NOT_FOUND');
    const base = { id, company_id: row.companyId, name: next.name };
    if (next.accessMode !== row.accessMode) {
      await recordAudit(tx, opts.actor, 'vote_type.access_mode', {
        ...base,
        from: row.accessMode,
        to: next.accessMode,
      });
    }
    if (next.testMode !== row.testMode) {
      await recordAudit(tx, opts.actor, 'vote_type.test_mode', { ...base, test_mode: next.testMode });
    }
    // A vote that ended by its deadline and has a later one (or none) now is open again: that is a
    // reopen, audited as such (and public results then publish nothing more: public-stats.service.ts).
    if (!row.closedAt && hasEnded(row) && !hasEnded(next)) {
      await invalidateFigures(tx, id);
      await recordAudit(tx, opts.actor, 'vote_type.reopen', {
        ...base,
        stage: 'counting',
        closed_at: row.closesAt!.toISOString(),
      });
    }
    return next;
  });
  return mapVoteType(updated, opts.base);
}

/** Deleting a vote type deletes its ballots and covers too; with ballots it needs advanced mode. */
export async function deleteVoteType(
  db: Db,
  id: number,
  opts: { companyId?: number; actor: Actor; elevated: boolean },
) {
  await db.transaction(async (tx) => {
    const row = await getScopedVoteType(tx, id, opts.companyId);
    await assertRoundWritable(tx, row.roundId);
    const used = await voteTypeHasSubmissions(tx, id);
    if (used && !opts.elevated) throw fail('DELETE_NEEDS_ADVANCED', { what: '投票类型' });
    await repo.deleteVoteType(tx, id);
    await recordAudit(tx, opts.actor, 'vote_type.delete', {
      id,
      company_id: row.companyId,
      name: row.name,
      had_votes: used,
    });
  });
}

/**
 * Copies a round's vote types into a new round (issue 14): the same settings with a new unguessable
 * link, 试投票 on, not closed, no codes, each remembering the row it came from. Answers the pairs of ids.
 */
export async function copyVoteTypesToRound(db: Db, fromRoundId: number, toRoundId: number) {
  const pairs: { from: number; to: number }[] = [];
  for (const v of await repo.listVoteTypes(db, fromRoundId)) {
    const { id, createdAt: _createdAt, ...rest } = v;
    const row = await repo.insertVoteType(db, {
      ...rest,
      roundId: toRoundId,
      linkId: newLinkId(),
      testMode: true,
      closedAt: null,
      countedAt: null,
      deletedBallots: 0,
      sourceVoteTypeId: id,
    });
    pairs.push({ from: id, to: row.id });
  }
  return pairs;
}
