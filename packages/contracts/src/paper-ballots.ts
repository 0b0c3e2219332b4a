// Admin API of paper ballots (纸质选票, issue 16): /api/v1/admin/vote-types/{id}/paper…. A paper sheet is
// checked and stored exactly like an online ballot (source 'paper'); with 双人录入核对 on it is keyed
// twice by two admin accounts and counts only when both entries agree.
import { z } from 'zod';
import { ERRORS, errorDetail } from './errors';
import { countStage, formCategory, voteTypeRecommendationMode } from './vote-type';
import {
  ballotEntryInput,
  publicPoll,
  publicSubject,
  publicTarget,
  submissionEntryInput,
} from './public-vote';
import { publicRecommendationPost, recommendationBallotEntryInput } from './recommendation';
import { MAX_BALLOT_ENTRIES } from './public-vote-types';

const int = z.number().int();

/** Most copies one print may make (codes mode issues one code per copy). */
export const MAX_PAPER_COPIES = 500;
/** Link mode: a sheet's number typed by the keyer, 1..99999. */
export const MAX_SHEET_NUMBER = 99_999;

export const PAPER_DETAILS = {
  codeUnknown: ERRORS.PAPER_CODE_UNKNOWN.detail,
  codeOtherType: ERRORS.PAPER_CODE_OTHER_TYPE.detail,
  codeUsed: ERRORS.CODE_USED.detail,
  codeVoided: ERRORS.CODE_VOIDED.detail,
  sheetNumber: errorDetail('PAPER_SHEET_NUMBER', { max: MAX_SHEET_NUMBER }),
  closed: ERRORS.VOTE_CLOSED.detail,
  /** 完成计票 ends the keying: the figures are final. */
  counted: ERRORS.VOTE_COUNTED.detail,
  sameKeyer: ERRORS.PAPER_SAME_KEYER.detail,
  settleByThird: ERRORS.PAPER_SETTLE_BY_THIRD.detail,
  keyerUnknown: ERRORS.PAPER_KEYER_UNKNOWN.detail,
  alreadyCounted: ERRORS.PAPER_ALREADY_COUNTED.detail,
  inConflict: ERRORS.PAPER_IN_CONFLICT.detail,
  notEntered: ERRORS.PAPER_NOT_ENTERED.detail,
  notCounted: ERRORS.PAPER_NOT_COUNTED.detail,
} as const;

/** Where a sheet stands: 'new' only in the check (nothing keyed yet). */
export const PAPER_SHEET_STATES = ['pending', 'conflict', 'counted'] as const;
export type PaperSheetState = (typeof PAPER_SHEET_STATES)[number];
export const PAPER_SHEET_STATE_LABELS: Record<PaperSheetState | 'new', string> = {
  new: '未录入',
  pending: '待第二次录入',
  conflict: '两次录入不一致',
  counted: '已计票',
};
/** Where a ballot came from; shown as 线上 / 纸质. */
export type BallotSource = 'online' | 'paper';
export const BALLOT_SOURCE_LABELS: Record<BallotSource, string> = { online: '线上', paper: '纸质' };

export const paperCounts = z.object({
  /** Counted paper ballots (formal, or test while in test mode, like every count of the vote type). */
  paper: int,
  online: int,
  /** Sheets keyed once, waiting for the second entry. */
  pending: int,
  /** Sheets whose two entries differ, waiting for a third person. */
  conflict: int,
  /** Link mode: numbered sheets printed for the current mode (formal, or test while in test mode). */
  printed: int,
  /** Link mode: of them, the sheets not keyed yet (完成计票 leaves them uncounted for good). */
  unkeyed: int,
  /** Link mode: the highest sheet number printed so far (0 before any print): the next print goes on from it. */
  last_number: int,
});
export type PaperCounts = z.infer<typeof paperCounts>;

/** The ballots of one sheet: exactly the `ballots` of the public submission. */
const ballots = z
  .array(submissionEntryInput, { error: '答卷列表（ballots）必须是数组' })
  .min(1, { error: '答卷列表不能为空' })
  .max(MAX_BALLOT_ENTRIES, { error: `答卷列表不能超过 ${MAX_BALLOT_ENTRIES} 份` });

const sheetKey = z
  .string({ error: '请输入测评码或编号' })
  .trim()
  .min(1, { error: '请输入测评码或编号' })
  .max(40, { error: '测评码或编号过长' });

export const paperSheetParams = z.object({
  id: z.coerce
    .number({ error: 'ID 必须是数字' })
    .int({ error: 'ID 必须是整数' })
    .min(1, { error: 'ID 必须是正整数' })
    .max(2_147_483_647, { error: 'ID 超出范围' }),
  key: sheetKey,
});

/** POST …/paper/sheets */
export const paperEntryBody = z.strictObject({ key: sheetKey, ballots });
export type PaperEntryBody = z.infer<typeof paperEntryBody>;
/** PUT …/paper/sheets/{key}: correct a counted sheet, or settle a conflict. */
export const paperCorrectBody = z.strictObject({ ballots });
export type PaperCorrectBody = z.infer<typeof paperCorrectBody>;

export const paperPdfQuery = z.object({
  copies: z.coerce
    .number({ error: '份数必须是数字' })
    .int({ error: '份数必须是整数' })
    .min(1, { error: '份数至少为 1' })
    .max(MAX_PAPER_COPIES, { error: `一次最多打印 ${MAX_PAPER_COPIES} 份` }),
  /** 1: blank forms without codes (编号 ______), also in codes mode. */
  blank: z.enum(['0', '1'], { error: 'blank 只能是 0 或 1' }).optional(),
  company_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type PaperPdfQuery = z.infer<typeof paperPdfQuery>;

export const paperSheetListQuery = z.object({
  state: z.enum(PAPER_SHEET_STATES, { error: '状态只能是 pending、conflict 或 counted' }).optional(),
  page: z.coerce
    .number({ error: '页码必须是数字' })
    .int()
    .min(1, { error: '页码至少为 1' })
    .max(100_000)
    .default(1),
  page_size: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int()
    .min(1, { error: '每页条数至少为 1' })
    .max(200, { error: '每页最多 200 条' })
    .default(50),
  company_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type PaperSheetListQuery = z.infer<typeof paperSheetListQuery>;

/** GET …/paper/form: the ballot as the voter page gets it, and how paper is entered for it. */
export const paperForm = z.object({
  vote_type_id: int,
  name: z.string(),
  company: z.object({ id: int, name: z.string() }),
  form_category: formCategory,
  access_mode: z.enum(['link', 'codes']),
  double_entry: z.boolean(),
  test_mode: z.boolean(),
  /** As the voter sees it; an archived round's vote type is 'closed' (round_archived true). */
  state: z.enum(['open', 'not_started', 'closed', 'inactive']),
  /** 投票中 / 投票结束 (phones stopped, paper still keyed) / 已完成计票 (nothing keyed any more). */
  count_stage: countStage,
  round_archived: z.boolean(),
  /**
   * False when nothing can be entered: not started, switched off, counted (完成计票), archived, or a setup
   * problem (`notice` says which). A vote type that ended (投票结束) still takes paper.
   */
  ready: z.boolean(),
  notice: z.string().nullable(),
  polls: z.array(publicPoll),
  targets: z.array(publicTarget),
  subjects: z.array(publicSubject),
  /** 民主推荐: the active posts with their candidates (empty for the other families). */
  posts: z.array(publicRecommendationPost),
  /** 民主推荐: meeting (会议推荐) or talk (谈话调研推荐: one record per talk, single entry); null otherwise. */
  recommendation_mode: voteTypeRecommendationMode.nullable(),
  counts: paperCounts,
});
export type PaperForm = z.infer<typeof paperForm>;

/** GET …/paper/sheets/{key}: can this code (or number) be keyed now? */
export const paperSheetCheck = z.object({
  /** The normalised key: the code without dashes, or the number without leading zeros. */
  key: z.string(),
  /** 'K7QX-M3PD-9R' or '编号 17'. */
  label: z.string(),
  state: z.enum(['new', ...PAPER_SHEET_STATES]),
  /** True when this account may POST the sheet now (new, or the second entry of a pending one). */
  can_enter: z.boolean(),
  detail: z.string().optional(),
});
export type PaperSheetCheck = z.infer<typeof paperSheetCheck>;

export const paperSheetSummary = z.object({
  id: int,
  key: z.string(),
  label: z.string(),
  state: z.enum(PAPER_SHEET_STATES),
  /** To the minute. */
  entered_at: z.string(),
  entries: z.union([z.literal(1), z.literal(2)]),
});
export type PaperSheetSummary = z.infer<typeof paperSheetSummary>;

export const paperSheetList = z.object({
  items: z.array(paperSheetSummary),
  total: int,
  counts: paperCounts,
});
export type PaperSheetList = z.infer<typeof paperSheetList>;

// A response schema is encoded, so the entries are a plain union here (submissionEntryInput is a transform).
const entries = z.array(z.union([ballotEntryInput, recommendationBallotEntryInput]));
/** One sheet with its entries, for the side-by-side and the correction. */
export const paperSheet = paperSheetSummary.extend({
  first: entries,
  second: entries.nullable(),
  /** The answers of the counted ballot; null while not counted. */
  counted: entries.nullable(),
  /** This account made the first or the second entry (then it may not settle a conflict). */
  entered_by_me: z.boolean(),
  counts: paperCounts,
});
export type PaperSheet = z.infer<typeof paperSheet>;
