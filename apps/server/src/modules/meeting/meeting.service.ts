import { randomBytes } from 'node:crypto';
import type { MeetingBoard, MeetingShareState, MeetingVoteType } from '@kaoping/contracts/meeting';
import { roundRatio } from '@kaoping/contracts/scoring';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fail } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { getCompany } from '../companies/companies.service';
import { turnoutRows } from '../results/turnout.service';
import { assertRoundWritable, currentRound } from '../rounds/round-scope';
import { setMeetingShowsSummary } from '../rounds/rounds.repository';
import { publicBase } from '../settings/settings.service';
import {
  deleteSetting,
  findSettingKeyByValue,
  readSetting,
  writeSetting,
} from '../settings/settings.repository';
import { countStageOf, statusOf } from '../vote-types/vote-type-status';
import type { VoteTypeRow } from '../vote-types/vote-types.repository';
import { qrSvg } from './meeting-qr';
import { cachedMeetingSummary, forgetMeetingSummary } from './meeting-summary';

const SHARE_PREFIX = 'meeting_share:';
const shareKey = (companyId: number) => `${SHARE_PREFIX}${companyId}` as const;
/**
 * Per round, what the organiser confirmed the 汇总 for: each covered vote type with the time of its
 * 完成计票. A reopen and a new 完成计票 (or a new group) change it, so the 汇总 then needs a new confirmation.
 */
const confirmedKey = (roundId: number) => `meeting_summary_confirmed:${roundId}` as const;

interface Coverage {
  /** Every vote type the 汇总 covers (as the 汇总表 shows them) is 已完成计票. */
  allCounted: boolean;
  /** The covered vote types not yet counted, by name. */
  notCounted: string[];
  /** The covered vote types and their 完成计票 times, when all are counted; null otherwise. */
  stamp: string | null;
}

/**
 * The vote types the 汇总 covers are those the 汇总表 shows: the active ones and any with formal ballots.
 * The 汇总 may be shown only once each is 已完成计票 (figures final).
 */
function coverageOf(
  rows: readonly TurnoutRow[],
  byId: ReadonlyMap<number, VoteTypeRow>,
  now: number,
): Coverage {
  const covered = rows.filter((r) => r.is_active || r.received > 0).map((r) => byId.get(r.vote_type_id)!);
  const notCounted = covered.filter((t) => countStageOf(t, now) !== 'counted').map((t) => t.name);
  const allCounted = covered.length > 0 && notCounted.length === 0;
  const stamp = allCounted
    ? covered
        .map((t) => `${t.id}@${t.countedAt!.getTime()}`)
        .sort()
        .join(',')
    : null;
  return { allCounted, notCounted, stamp };
}

async function coverage(db: Db, roundId: number, now = Date.now()) {
  const { rows, types } = await turnoutRows(db, roundId);
  return { rows, types, ...coverageOf(rows, new Map(types.map((t) => [t.id, t])), now) };
}

/** 已投票 in whole percent of 应到人数 (else of the codes handed out), rounded half up: 12/14 → 86. */
function shareOf(voted: number, base: number | null) {
  return base ? roundRatio(voted * 100, base, 0) : null;
}

/**
 * The board of a unit's current round: each active vote type with how to vote, how many have voted and
 * its step. Counts only: no voter, no answer, no result. Test-mode ballots are counted as 已投票 while the
 * vote type is in test mode (the board says 试投票), so a rehearsal shows on the screen as it will on the
 * day. The 汇总 (figures about people) only while switched on AND confirmed for the vote types as they are
 * counted now: checked at every read, so a reopen hides it at once.
 */
export async function meetingBoard(db: Db, companyId: number, envPublicUrl: string | undefined) {
  const company = await getCompany(db, companyId);
  // The meeting is the unit's current round: archived rounds have ended.
  const round = await currentRound(db, companyId);
  const now = Date.now();
  const [{ rows, types, allCounted, notCounted, stamp }, base] = await Promise.all([
    coverage(db, round.id, now),
    publicBase(db, envPublicUrl),
  ]);
  const byId = new Map(types.map((t) => [t.id, t]));
  const voteTypes = await Promise.all(
    rows
      .filter((r) => r.is_active)
      .map(async (r) => {
        const t = byId.get(r.vote_type_id)!;
        const talk = t.recommendationMode === 'talk';
        // 谈话调研推荐 is keyed by the interviewer: no public link, so no address and no QR code on the wall.
        const url = r.access_mode === 'link' && !talk && base ? `${base}/vote/type/${t.linkId}` : null;
        const voted = r.test_mode ? r.test_received : r.received;
        const codesIssued = r.access_mode === 'codes' ? r.issued : null;
        return {
          vote_type_id: r.vote_type_id,
          name: r.name,
          form_category: r.form_category as FormCategory,
          recommendation_mode: (t.recommendationMode as MeetingVoteType['recommendation_mode']) ?? null,
          access_mode: r.access_mode,
          test_mode: r.test_mode,
          status: statusOf(t, now),
          count_stage: countStageOf(t, now),
          deleted_ballots: t.deletedBallots,
          opens_at: r.opens_at,
          closed_at: r.closed_at,
          issued: r.issued,
          expected: r.expected_voters,
          codes_issued: codesIssued,
          voted,
          share: shareOf(voted, r.expected_voters ?? codesIssued),
          vote_url: url,
          qr_svg: url ? await qrSvg(url) : null,
        };
      }),
  );
  const active = types.filter((t) => t.isActive);
  const shows =
    round.meetingShowsSummary && stamp !== null && (await readSetting(db, confirmedKey(round.id))) === stamp;
  const board: MeetingBoard = {
    company: { id: company.id, name: company.name },
    has_public_url: !!base,
    vote_types: voteTypes,
    all_closed: active.length > 0 && active.every((t) => statusOf(t, now) === 'closed'),
    all_counted: allCounted,
    not_counted: notCounted,
    shows_summary: shows,
    summary: shows ? await cachedMeetingSummary(db, companyId, round) : null,
    generated_at: new Date(now).toISOString(),
  };
  return board;
}

/**
 * The switch 在大屏显示汇总 of the unit's current round: on only with the organiser's confirmation (the
 * body's `confirm`, checked by the schema) and once every vote type the 汇总 covers is 已完成计票 (409
 * naming the others); off at any time. Audited.
 */
export async function setMeetingSummary(db: Db, companyId: number, show: boolean, actor: Actor) {
  const company = await getCompany(db, companyId);
  const round = await currentRound(db, companyId);
  const { notCounted, stamp } = await coverage(db, round.id);
  if (show && stamp === null) {
    throw fail('MEETING_SUMMARY_NOT_COUNTED', {
      names: (notCounted.length ? notCounted : ['本轮投票类型']).join('、'),
    });
  }
  await db.transaction(async (tx) => {
    await assertRoundWritable(tx, round.id);
    await setMeetingShowsSummary(tx, round.id, show);
    if (show) await writeSetting(tx, confirmedKey(round.id), stamp!);
    else await deleteSetting(tx, confirmedKey(round.id));
    await recordAudit(tx, actor, 'meeting.summary', {
      company_id: companyId,
      company: company.name,
      summary: show ? '确认后在大屏显示汇总（得分、排名和预警）' : '大屏不再显示汇总',
    });
  });
  forgetMeetingSummary(round);
  return { shows_summary: show };
}

function shareLinkOf(token: string, base: string | null) {
  const path = `/meeting/${token}`;
  return { path, url: base ? `${base}${path}` : path };
}

export async function readShare(db: Db, companyId: number, envPublicUrl: string | undefined) {
  await getCompany(db, companyId);
  const token = await readSetting(db, shareKey(companyId));
  const state: MeetingShareState = {
    share: token ? shareLinkOf(token, await publicBase(db, envPublicUrl)) : null,
  };
  return state;
}

/** A new share link (any earlier one stops working); audited. */
export async function createShare(db: Db, companyId: number, envPublicUrl: string | undefined, actor: Actor) {
  const company = await getCompany(db, companyId);
  const token = randomBytes(18).toString('base64url');
  await db.transaction(async (tx) => {
    await writeSetting(tx, shareKey(companyId), token);
    await recordAudit(tx, actor, 'meeting.share', {
      company_id: companyId,
      company: company.name,
      share: '生成大屏分享链接（原链接失效）',
    });
  });
  return shareLinkOf(token, await publicBase(db, envPublicUrl));
}

/** Revokes the share link: the projector's page then says the link is gone; audited. */
export async function revokeShare(db: Db, companyId: number, actor: Actor) {
  const company = await getCompany(db, companyId);
  await db.transaction(async (tx) => {
    await deleteSetting(tx, shareKey(companyId));
    await recordAudit(tx, actor, 'meeting.revoke', {
      company_id: companyId,
      company: company.name,
      share: '撤销大屏分享链接',
    });
  });
}

/** The unit a share token stands for; 404 for a wrong or revoked token (nothing else is said). */
export async function companyOfShare(db: Db, token: string) {
  const key = /^[A-Za-z0-9_-]{24}$/.test(token)
    ? await findSettingKeyByValue(db, SHARE_PREFIX, token)
    : undefined;
  if (!key) throw fail('MEETING_LINK_GONE');
  return Number(key.slice(SHARE_PREFIX.length));
}
