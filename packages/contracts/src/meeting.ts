// The meeting screen (会场大屏, issue 15): per vote type of a unit, how to vote and how many have voted,
// for a projector in the hall. It shows nothing about any voter and no result.
// Admin: GET /admin/meeting/{companyId}; share link: POST/DELETE /admin/meeting/{companyId}/share;
// projector (not signed in): GET /public/meeting/{token} and its server-sent events /events.
import { z } from 'zod';
import { int } from './common';

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

export const meetingBoard = z.object({
  company: z.object({ id: int, name: z.string() }),
  /** False when no public address is set: link-mode QR codes cannot be shown. */
  has_public_url: z.boolean(),
  vote_types: z.array(meetingVoteType),
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
