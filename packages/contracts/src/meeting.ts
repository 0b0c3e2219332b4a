// The meeting screen (会场大屏, issues 15 and 24): per vote type of a unit, how to vote, how many have
// voted and its step (投票中 / 投票结束 / 已完成计票), for a projector in the hall. Counts only by default:
// figures about people (the 汇总) only after 完成计票 and an organiser's confirmation.
// Admin: GET /admin/meeting/{companyId}; share link: POST/DELETE /admin/meeting/{companyId}/share;
// projector (not signed in): GET /public/meeting/{token} and its server-sent events /events.
import { z } from 'zod';
import { int, strict } from './common';
import { countStage, formCategory, voteTypeRecommendationMode } from './vote-type';

export {
  MEETING_LINK_GONE,
  MEETING_REFRESH_MS,
  MEETING_SUMMARY_CONFIRM,
  deletedBallotsNote,
  meetingSummaryNotCounted,
} from './constants';

export const meetingVoteType = z.object({
  vote_type_id: int,
  name: z.string(),
  form_category: formCategory,
  /** 民主推荐 only (null otherwise): 谈话调研推荐 ('talk') has no public link, so the board shows no QR code. */
  recommendation_mode: voteTypeRecommendationMode.nullable(),
  access_mode: z.enum(['link', 'codes']),
  test_mode: z.boolean(),
  status: z.enum(['open', 'closed', 'not_started', 'inactive']),
  opens_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** 投票中 → 投票结束 (phones refused, paper still keyed) → 已完成计票 (figures final). */
  count_stage: countStage,
  /** Formal ballots deleted after the vote ended (advanced mode): the screen says so under the group. */
  deleted_ballots: int,
  /** 发出数 (codes handed out) in codes mode, 应到人数 in link mode (null when not set). */
  issued: int.nullable(),
  /** 应到人数 whatever the access mode (null when not set). */
  expected: int.nullable(),
  /** Codes handed out (发出), codes mode only; null in link mode. */
  codes_issued: int.nullable(),
  /** 已投票: formal ballots (test ballots in test mode, which the board marks as 试投票). */
  voted: int,
  /**
   * 已投票 in whole percent of 应到人数 (of the codes handed out when 应到 is not set), rounded half up
   * (roundRatio, as every share): 12 of 14 → 86. Null without a base.
   */
  share: int.nullable(),
  /** Link mode with a public address (never 谈话调研推荐): the voting address and its QR code as an SVG document. */
  vote_url: z.string().nullable(),
  qr_svg: z.string().nullable(),
});
export type MeetingVoteType = z.infer<typeof meetingVoteType>;

/**
 * The 汇总 the meeting screen shows once every vote type it covers is 已完成计票 and an admin switched it
 * on with a confirmation: figures of the 汇总表 only, nothing about any voter (no suggestion, no reason).
 * The rates are those of each target's 加权合计 row.
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
  /** Every active vote type of the round is closed (投票结束 or 已完成计票). */
  all_closed: z.boolean(),
  /**
   * Every vote type the 汇总 covers (the active ones and any with formal ballots) is 已完成计票: only then
   * may the 汇总 be switched on.
   */
  all_counted: z.boolean(),
  /** The covered vote types not yet 已完成计票, by name (the reason the switch is disabled). */
  not_counted: z.array(z.string()),
  /**
   * The 汇总 is on the screen: switched on with a confirmation after the last 完成计票. A reopened vote
   * type hides it again, and after the next 完成计票 it needs a new confirmation.
   */
  shows_summary: z.boolean(),
  /** The 汇总: only while shows_summary; null otherwise (the board then carries counts only). */
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

/**
 * PUT /admin/meeting/{companyId}/summary: switch 在大屏显示汇总 on or off. On needs `confirm: true` (the
 * organiser confirmed that the figures about people are shown to the whole hall; 422 without) and every
 * covered vote type 已完成计票 (409 naming the others); off at any time.
 */
export const meetingSummaryBody = strict('大屏汇总设置', {
  show: z.boolean({
    error: (iss) => (iss.input === undefined ? '缺少是否显示汇总' : '是否显示汇总必须是布尔值'),
  }),
  confirm: z.boolean({ error: '确认展示必须是布尔值' }).optional(),
}).refine((b) => !b.show || b.confirm === true, {
  error: '在大屏展示干部的得分、排名和预警前须确认（confirm: true）',
  path: ['confirm'],
});
export type MeetingSummaryBody = z.infer<typeof meetingSummaryBody>;
export const meetingSummaryState = z.object({ shows_summary: z.boolean() });
