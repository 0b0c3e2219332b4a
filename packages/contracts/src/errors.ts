// Every refusal of the API, once: its code, its HTTP status and its Chinese detail. An error body is always
// `{ "detail": "<中文>", "code": "UPPER_SNAKE" }`; the server throws by code (apps/server/src/lib/errors.ts
// `fail`), the OpenAPI document lists the table, and the web app decides by `code`, never by the text.
// Plain constants, no zod: the voter pages may import the types (erased) without loading anything.
//
// A detail may name values in braces, `{name}`; the thrower passes them (`fail('NAME_TAKEN', { name })`).
// Different refusals have different codes, even when they share a status.
import { CODE_INPUT_DETAILS } from './ballot-codes';
import { PUBLIC_VOTE_DETAILS } from './public-vote-types';

interface ErrorEntry {
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 422 | 429 | 500 | 503;
  detail: string;
}

export const ERRORS = {
  // —— Any request ——
  BAD_REQUEST: { status: 400, detail: '请求无效' },
  INVALID_JSON: { status: 400, detail: '请求体不是有效的 JSON' },
  /** A query string, path parameter or header that breaks its schema. */
  INVALID_PARAMS: { status: 400, detail: '参数校验失败：{issues}' },
  /** A body that breaks its schema: the detail names the fields. */
  INVALID_BODY: { status: 422, detail: '参数校验失败：{issues}' },
  INVALID_URL: { status: 400, detail: '请求地址无效（编码错误）' },
  URL_TOO_LONG: { status: 414, detail: '请求地址中的参数过长' },
  INVALID_LENGTH: { status: 400, detail: '请求长度无效' },
  MULTIPART_MALFORMED: { status: 400, detail: '表单数据格式错误（multipart 不完整或缺少 boundary）' },
  /** NUL or an unpaired surrogate in a body: PostgreSQL cannot store it. */
  UNSTORABLE_TEXT: { status: 422, detail: '{what}包含无法保存的字符（NUL），请删除后重试' },
  UNSTORABLE_QUERY: { status: 400, detail: '{what}包含无法保存的字符（NUL），请删除后重试' },
  TOO_DEEP: { status: 422, detail: '请求内容嵌套层级过深（最多 {max} 层）' },
  TOO_DEEP_QUERY: { status: 400, detail: '请求内容嵌套层级过深（最多 {max} 层）' },
  PAYLOAD_TOO_LARGE: { status: 413, detail: '上传内容过大' },
  UNSUPPORTED_MEDIA: { status: 415, detail: '不支持的请求内容类型' },
  ROUTE_NOT_FOUND: { status: 404, detail: '接口不存在：{method} {url}' },
  RATE_LIMITED: { status: 429, detail: '操作过于频繁，请稍后再试' },
  /** The voter's API: too many requests from one address or for one link. */
  TOO_MANY_REQUESTS: { status: 429, detail: '请求过于频繁，请稍后再试' },
  TOO_MANY_LOOKUPS: { status: 429, detail: '查询过于频繁，请稍后再试' },
  SERVER_BUSY: { status: 503, detail: '服务器繁忙，请稍后重试' },
  INTERNAL: { status: 500, detail: '服务器内部错误，请稍后重试' },
  UNAUTHORIZED: { status: 401, detail: '请先登录' },
  UPLOAD_NOT_MULTIPART: { status: 415, detail: '请以 multipart/form-data 表单上传文件（字段名 file）' },
  FILE_TOO_LARGE: { status: 413, detail: '文件不能超过 {mb} MB' },

  // —— Sign-in ——
  LOGIN_LIMITED: { status: 429, detail: '登录尝试过于频繁，请 1 分钟后再试' },
  REGISTER_LIMITED: { status: 429, detail: '注册过于频繁，请稍后再试' },
  ADVANCED_LIMITED: { status: 429, detail: '验证过于频繁，请 1 分钟后再试' },
  PASSWORD_LIMITED: { status: 429, detail: '尝试过于频繁，请 1 分钟后再试' },

  // —— Covers ——
  IMPORT_ROWS_INVALID: { status: 422, detail: '有 {count} 行有误，未导入任何数据' },
  COVER_FORMAT: { status: 415, detail: '文件格式不支持：只能上传 PNG、JPEG、WebP 图片或 PDF 文件' },
  SESSION_EXPIRED: { status: 401, detail: '登录已失效，请重新登录' },

  // —— Voting: the conditions of apps/server/src/modules/voting/conditions.ts ——
  LINK_UNKNOWN: { status: 404, detail: PUBLIC_VOTE_DETAILS.unknownLink },
  ROUND_ARCHIVED: { status: 403, detail: PUBLIC_VOTE_DETAILS.archived },
  VOTE_INACTIVE: { status: 403, detail: PUBLIC_VOTE_DETAILS.inactive },
  VOTE_NOT_STARTED: { status: 403, detail: PUBLIC_VOTE_DETAILS.notStarted },
  VOTE_CLOSED: { status: 403, detail: PUBLIC_VOTE_DETAILS.closed },
  /** A paper sheet after 完成计票. */
  VOTE_COUNTED: { status: 409, detail: '已完成计票，不能再录入或更正纸质票' },
  /** The roster or the polls leave nothing to answer (the detail says what to set up). */
  BALLOT_UNAVAILABLE: { status: 409, detail: '该投票尚未配置完成（{missing}），请联系组织者' },
  BALLOT_INVALID: { status: 422, detail: '答卷有误：{errors}' },
  ALREADY_VOTED: { status: 409, detail: PUBLIC_VOTE_DETAILS.alreadyVoted },
  CAP_REACHED: { status: 409, detail: PUBLIC_VOTE_DETAILS.capReached },
  /** A code that cannot be right as typed (none, a look-alike letter, wrong length or letters). */
  CODE_MISSING: { status: 422, detail: CODE_INPUT_DETAILS.CODE_MISSING },
  CODE_LOOK_ALIKE: { status: 422, detail: CODE_INPUT_DETAILS.CODE_LOOK_ALIKE },
  CODE_MALFORMED: { status: 422, detail: CODE_INPUT_DETAILS.CODE_MALFORMED },
  CODE_UNKNOWN: { status: 403, detail: PUBLIC_VOTE_DETAILS.codeUnknown },
  CODE_USED: { status: 409, detail: PUBLIC_VOTE_DETAILS.codeUsed },
  CODE_VOIDED: { status: 403, detail: PUBLIC_VOTE_DETAILS.codeVoided },
  /** A retry under the same submission id with a different ballot, or another voter's id. */
  SUBMISSION_ID_REUSED: { status: 409, detail: '该提交编号已用于另一份不同的答卷' },
  SUBMISSION_ID_TAKEN: { status: 409, detail: '提交编号已被使用，请刷新页面后重新提交' },
  /** The definition kept changing under the ballot: nothing stored, the voter submits again. */
  DEFINITION_CHANGING: { status: 409, detail: '投票设置正在变更，请稍后重新提交' },
  /** The same, for a paper sheet being keyed. */
  DEFINITION_CHANGING_PAPER: { status: 409, detail: '投票设置正在变更，请重新录入该票' },
  RECEIPT_NOT_FOUND: { status: 404, detail: PUBLIC_VOTE_DETAILS.receiptNotFound },
  RECEIPT_CODE_AMBIGUOUS: { status: 409, detail: '该回执码对应多份答卷，请使用回执链接查看' },
  RECEIPT_RECORD_NOT_FOUND: { status: 404, detail: '投票记录不存在' },

  // —— The voter's pages besides the ballot ——
  NO_POLL_OF_KIND: { status: 404, detail: '该单位暂无{poll}' },
  NO_OPEN_VOTE: { status: 404, detail: '该单位当前没有进行中的投票' },
  RESULTS_NOT_PUBLISHED: { status: 403, detail: '该问卷的结果未公开' },
  RESULTS_NOT_ENDED: { status: 403, detail: '投票结束后才公开结果' },
  RESULTS_TOO_FEW: { status: 404, detail: '参与人数不足，结果不予公开' },
  /** Published figures never move by a few ballots: a vote type reopened after it ended publishes nothing. */
  RESULTS_REOPENED: { status: 404, detail: '该投票重新开放过，结果不再公开' },
  RECEIPT_CODE_INVALID: { status: 422, detail: PUBLIC_VOTE_DETAILS.receiptCodeInvalid },

  // —— Transitional (being replaced by their own codes): a free detail under its status ——
  LEGACY_BAD_REQUEST: { status: 400, detail: '{detail}' },
  LEGACY_UNAUTHORIZED: { status: 401, detail: '{detail}' },
  LEGACY_FORBIDDEN: { status: 403, detail: '{detail}' },
  LEGACY_NOT_FOUND: { status: 404, detail: '{detail}' },
  LEGACY_CONFLICT: { status: 409, detail: '{detail}' },
  LEGACY_VALIDATION: { status: 422, detail: '{detail}' },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

/** An error body as every route answers it. */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
}

/** Values a detail names, by placeholder. */
export type ErrorParams = Record<string, string | number>;

/** A code's detail with its placeholders filled (a missing value leaves the placeholder out). */
export function errorDetail(code: ErrorCode, params: ErrorParams = {}): string {
  return ERRORS[code].detail.replace(/\{(\w+)\}/g, (_, name: string) =>
    params[name] === undefined ? '' : String(params[name]),
  );
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERRORS, value);
