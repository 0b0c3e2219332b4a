// The meeting screen (会场大屏, issue 15): per vote type of a unit, how to vote and how many have voted,
// for a projector in the hall. It shows nothing about any voter and no result.
// Admin: GET /admin/meeting/{companyId}; share link: POST/DELETE /admin/meeting/{companyId}/share;
// projector (not signed in): GET /public/meeting/{token} and its server-sent events /events.
import { z } from 'zod';
import { int, strict } from './common';

export { MEETING_LINK_GONE, MEETING_REFRESH_MS } from './constants';

export const meetingVoteType = z.object({
  vote_type_id: int,
  name: z.string(),
  form_category: z.enum(['democratic_appraisal', 'democratic_evaluation']),
  access_mode: z.enum(['link', 'codes']),
  test_mode: z.boolean(),
  status: z.enum(['open', 'closed', 'not_started', 'inactive']),
  opens_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** 发出数 (codes handed out) in codes mode, 应到人数 in link mode (null when not set). */
  issued: int.nullable(),
  /** 已投票: formal ballots (test ballots in test mode, which the board marks as 试投票). */
  voted: int,
  /** Link mode with a public address: the voting address and its QR code as an SVG document. */
  vote_url: z.string().nullable(),
  qr_svg: z.string().nullable(),
});
export type MeetingVoteType = z.infer<typeof meetingVoteType>;

/** A 409 of the switch 在大屏显示汇总 while a vote type of the round is still open. */
export const MEETING_SUMMARY_NOT_CLOSED = '本轮投票尚未全部结束，结束后才能在大屏显示汇总';

/**
 * The 汇总 the meeting screen shows after the round's votes are closed and an admin switched it on
 * (rounds.meeting_shows_summary): figures of the 汇总表 only, nothing about any voter (no suggestion, no
 * reason). The rates are those of each target's 加权合计 row.
 */
export const meetingSummary = z.object({
  appraisal: z.array(
    z.object({
      kind: z.enum(['company', 'person']),
      rate_labels: z.object({ excellent: z.string(), top_two: z.string(), bottom: z.string() }),
      targets: z.array(
        z.object({
          name: z.string(),
          title: z.string(),
          voters: int,
          excellent_rate: z.number().nullable(),
          top_two_rate: z.number().nullable(),
          bottom_rate: z.number().nullable(),
          weighted_score: z.number().nullable(),
          rank: int.nullable(),
          flagged: z.boolean(),
        }),
      ),
    }),
  ),
  /** 选人用人 overall: the first single choice question, all groups together. */
  cadre_overall: z
    .object({
      text: z.string(),
      voters: int,
      options: z.array(z.object({ option: z.string(), count: int, share: z.number() })),
    })
    .nullable(),
  newly_promoted: z.object({
    average_approval_rate: z.number().nullable(),
    subjects: z.array(
      z.object({ name: z.string(), approval_rate: z.number().nullable(), rank: int.nullable() }),
    ),
  }),
});
export type MeetingSummary = z.infer<typeof meetingSummary>;

export const meetingBoard = z.object({
  company: z.object({ id: int, name: z.string() }),
  /** False when no public address is set: link-mode QR codes cannot be shown. */
  has_public_url: z.boolean(),
  vote_types: z.array(meetingVoteType),
  /** Every active vote type of the round is closed: the 汇总 may be switched on. */
  all_closed: z.boolean(),
  /** The admin's switch 在大屏显示汇总 (rounds.meeting_shows_summary). */
  shows_summary: z.boolean(),
  /** The 汇总: only when switched on and every vote type is closed; null otherwise. */
  summary: meetingSummary.nullable(),
  generated_at: z.string(),
});
export type MeetingBoard = z.infer<typeof meetingBoard>;

export const meetingShare = z.object({
  /** The projector's address (`/meeting/{token}`), absolute when a public address is set. */
  url: z.string(),
  path: z.string(),
});
export type MeetingShare = z.infer<typeof meetingShare>;
export const meetingShareState = z.object({ share: meetingShare.nullable() });
export type MeetingShareState = z.infer<typeof meetingShareState>;

/** PUT /admin/meeting/{companyId}/summary: switch 在大屏显示汇总 on or off (on: 409 before the close). */
export const meetingSummaryBody = strict('大屏汇总设置', {
  show: z.boolean({
    error: (iss) => (iss.input === undefined ? '缺少是否显示汇总' : '是否显示汇总必须是布尔值'),
  }),
});
export const meetingSummaryState = z.object({ shows_summary: z.boolean() });
