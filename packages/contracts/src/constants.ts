// Plain constants with no zod import, so the voter pages can use them without loading the schema library.

/** Local-storage key of the admin bearer token (spec §9). */
export const TOKEN_STORAGE_KEY = 'access_token';
/** Request timeout and API base (spec §7, §9). */
export const REQUEST_TIMEOUT_MS = 10_000;
export const API_BASE = '/api/v1';
/** /vote redirects here (spec §9). */
export const DEFAULT_VOTE_ID = 9999;

/**
 * The one rounding rule, stated in these words wherever shares are shown (screens, exports, reports):
 * each share is rounded half up on its own and never nudged, so a row or column may miss 100 %.
 */
export const SHARE_ROUNDING_NOTE =
  '各占比均按实际票数计算并四舍五入保留两位小数（每项单独舍入），未作调整，故一行或一列占比之和可能略高于或低于 100%（如 99.99% 或 100.01%）。';

/** 好评率 says what it is: the share of the top-scored overall grade (e.g. 优秀 or 好) of all ballots. */
export const GOOD_RATE_LABEL = '好评率（最高档占比）';

/** The meeting screen's board is read again this often for its event stream (and the fallback polls). */
export const MEETING_REFRESH_MS = 1_000;
/** A wrong or revoked meeting screen share link (404). */
export const MEETING_LINK_GONE = '大屏链接无效或已撤销';
/** The confirmation before the meeting screen shows figures about people (the 汇总). */
export const MEETING_SUMMARY_CONFIRM = '将在会场大屏向全场展示每位干部的得分、排名和预警，确定展示吗？';
/** A 409 of the switch 在大屏显示汇总 while a vote type it covers is not 已完成计票. */
export const meetingSummaryNotCounted = (names: readonly string[]) =>
  `${names.join('、')}尚未完成计票，全部完成计票后才能在大屏显示汇总`;
/**
 * Where a figure, record or export of a vote type would be while it is open (投票中, formal): admins read
 * counts only until 结束投票 (decision 0041).
 */
export const FIGURES_AFTER_CLOSE = '投票进行中，结束投票后可查看结果';
/** The line a result, 汇总表, report or ranking carries while some of its vote types are still open. */
export const openVoteTypesNote = (names: readonly string[]) =>
  `${names.map((n) => `“${n}”`).join('、')}投票进行中，未计入本结果；结束投票后可查看`;
/** Under a group's figures when ballots were deleted after the vote ended (advanced mode). */
export const deletedBallotsNote = (n: number) => `经高级模式删除 ${n} 张选票（见审计日志）`;
/** Who may delete a voter's ballots once the vote has ended. */
export const VOTER_DELETE_AFTER_END = '投票结束后，只有系统管理员可以在高级模式下删除选票';
