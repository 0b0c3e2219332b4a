import { randomBytes } from 'node:crypto';
import type { MeetingBoard, MeetingShareState } from '@kaoping/contracts/meeting';
import { MEETING_LINK_GONE, MEETING_SUMMARY_NOT_CLOSED } from '@kaoping/contracts/meeting';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
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
import { statusOf } from '../vote-types/vote-type-status';
import { listVoteTypes, type VoteTypeRow } from '../vote-types/vote-types.repository';
import { qrSvg } from './meeting-qr';
import { cachedMeetingSummary, forgetMeetingSummary } from './meeting-summary';

const SHARE_PREFIX = 'meeting_share:';
const shareKey = (companyId: number) => `${SHARE_PREFIX}${companyId}` as const;

/** The round has an active vote type and every one is closed: the 汇总 may be switched on and shown. */
function everyActiveClosed(types: readonly VoteTypeRow[], now: number) {
  const active = types.filter((t) => t.isActive);
  return active.length > 0 && active.every((t) => statusOf(t, now) === 'closed');
}

/**
 * The board of a unit's current round: each active vote type with how to vote and how many have voted. Figures only:
 * no voter, no answer, no result. Test-mode ballots are counted as 已投票 while the vote type is in
 * test mode (the board says 试投票), so a rehearsal shows on the screen as it will on the day.
 */
export async function meetingBoard(db: Db, companyId: number, envPublicUrl: string | undefined) {
  const company = await getCompany(db, companyId);
  // The meeting is the unit's current round: archived rounds have ended.
  const round = await currentRound(db, companyId);
  const [{ rows, types }, base] = await Promise.all([
    turnoutRows(db, round.id),
    publicBase(db, envPublicUrl),
  ]);
  const byId = new Map(types.map((t) => [t.id, t]));
  const now = Date.now();
  const voteTypes = await Promise.all(
    rows
      .filter((r) => r.is_active)
      .map(async (r) => {
        const t = byId.get(r.vote_type_id)!;
        const url = r.access_mode === 'link' && base ? `${base}/vote/type/${t.linkId}` : null;
        return {
          vote_type_id: r.vote_type_id,
          name: r.name,
          form_category: r.form_category as FormCategory,
          access_mode: r.access_mode,
          test_mode: r.test_mode,
          status: statusOf(t, now),
          opens_at: r.opens_at,
          closed_at: r.closed_at,
          issued: r.issued,
          voted: r.test_mode ? r.test_received : r.received,
          vote_url: url,
          qr_svg: url ? await qrSvg(url) : null,
        };
      }),
  );
  const allClosed = everyActiveClosed(types, now);
  const board: MeetingBoard = {
    company: { id: company.id, name: company.name },
    has_public_url: !!base,
    vote_types: voteTypes,
    all_closed: allClosed,
    shows_summary: round.meetingShowsSummary,
    // Never before every vote type is closed (a reopened vote hides it again).
    summary: round.meetingShowsSummary && allClosed ? await cachedMeetingSummary(db, companyId, round) : null,
    generated_at: new Date(now).toISOString(),
  };
  return board;
}

/**
 * The switch 在大屏显示汇总 of the unit's current round: on only once every active vote type is closed
 * (409 before); off at any time. Audited.
 */
export async function setMeetingSummary(db: Db, companyId: number, show: boolean, actor: Actor) {
  const company = await getCompany(db, companyId);
  const round = await currentRound(db, companyId);
  if (show && !everyActiveClosed(await listVoteTypes(db, round.id), Date.now())) {
    throw conflict(MEETING_SUMMARY_NOT_CLOSED);
  }
  await db.transaction(async (tx) => {
    await assertRoundWritable(tx, round.id);
    await setMeetingShowsSummary(tx, round.id, show);
    await recordAudit(tx, actor, 'meeting.summary', {
      company_id: companyId,
      company: company.name,
      summary: show ? '在大屏显示汇总' : '大屏不再显示汇总',
    });
  });
  forgetMeetingSummary(round);
  return { shows_summary: show };
}

function shareOf(token: string, base: string | null) {
  const path = `/meeting/${token}`;
  return { path, url: base ? `${base}${path}` : path };
}

export async function readShare(db: Db, companyId: number, envPublicUrl: string | undefined) {
  await getCompany(db, companyId);
  const token = await readSetting(db, shareKey(companyId));
  const state: MeetingShareState = {
    share: token ? shareOf(token, await publicBase(db, envPublicUrl)) : null,
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
  return shareOf(token, await publicBase(db, envPublicUrl));
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
  if (!key) throw notFound(MEETING_LINK_GONE);
  return Number(key.slice(SHARE_PREFIX.length));
}
