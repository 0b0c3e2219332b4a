// Every refusal of the API, once: its code, its HTTP status and its Chinese detail. An error body is always
// `{ "detail": "<中文>", "code": "UPPER_SNAKE" }`; the server throws by code (apps/server/src/lib/errors.ts
// `fail`), the OpenAPI document lists the table, and the web app decides by `code`, never by the text.
// Plain constants, no zod: the voter pages may import the types (erased) without loading anything.
//
// A detail may name values in braces, `{name}`; the thrower passes them (`fail('NAME_TAKEN', { name })`).
// Different refusals have different codes, even when they share a status.
import { CODE_INPUT_DETAILS } from './ballot-codes';
import { MEETING_LINK_GONE, meetingSummaryNotCounted, VOTER_DELETE_AFTER_END } from './constants';
import { PUBLIC_VOTE_DETAILS } from './public-vote-types';
import {
  RECOMMENDATION_BALLOT_DETAILS as BALLOT,
  RECOMMENDATION_DETAILS as POST,
} from './recommendation-rules';

interface ErrorEntry {
  status: 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 414 | 415 | 417 | 422 | 423 | 429 | 431 | 500 | 503;
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
  // Slow clients and faults (issue 28): what Node itself used to refuse in English, and a full disk.
  /** The request (headers and body) did not arrive within BODY_TIMEOUT_S seconds. */
  REQUEST_TIMEOUT: { status: 408, detail: '请求超时：请求内容未能及时送达，请检查网络后重试' },
  HEADERS_TOO_LARGE: { status: 431, detail: '请求头过大（超过 16 KB），请清除本站的 Cookie 后重试' },
  /** A request Node cannot read as HTTP (a broken request line or header). */
  MALFORMED_REQUEST: { status: 400, detail: '请求格式无效，无法识别为 HTTP 请求' },
  MISSING_HOST: { status: 400, detail: '请求缺少 Host 请求头' },
  EXPECTATION_FAILED: { status: 417, detail: '不支持请求头 Expect 的取值（仅支持 100-continue）' },
  /** A clean stop is under way: another instance, or this one after its restart, takes the request. */
  SERVER_STOPPING: { status: 503, detail: '服务正在停止，请稍后重试' },
  /** ENOSPC, PostgreSQL's 53100 disk_full: nothing of the request was stored. */
  STORAGE_FULL: { status: 503, detail: '服务器存储空间不足，请联系管理员' },
  /** Heavy exports (CSV, workbooks, reports): a few run, a few wait, beyond that this (with Retry-After). */
  EXPORTS_BUSY: { status: 429, detail: '导出任务较多，请稍后再试' },
  UNAUTHORIZED: { status: 401, detail: '请先登录' },
  UPLOAD_NOT_MULTIPART: { status: 415, detail: '请以 multipart/form-data 表单上传文件（字段名 file）' },
  FILE_TOO_LARGE: { status: 413, detail: '文件不能超过 {mb} MB' },

  // —— Sign-in ——
  LOGIN_LIMITED: { status: 429, detail: '登录尝试过于频繁，请 1 分钟后再试' },
  REGISTER_LIMITED: { status: 429, detail: '注册过于频繁，请稍后再试' },
  ADVANCED_LIMITED: { status: 429, detail: '验证过于频繁，请 1 分钟后再试' },
  PASSWORD_LIMITED: { status: 429, detail: '尝试过于频繁，请 1 分钟后再试' },
  // Per account, whatever the address (issue 27): 5 wrong passwords in 15 minutes lock that check for 15
  // minutes; a system admin may lift it (账号管理). `until` is a Beijing time, HH:mm.
  ACCOUNT_LOCKED: {
    status: 423,
    detail: '密码连续错误次数过多，账号已锁定至 {until}，请届时再试，或联系系统管理员解锁',
  },
  ADVANCED_LOCKED: {
    status: 423,
    detail: '管理员密码连续错误次数过多，高级模式验证已锁定至 {until}，请届时再试，或联系系统管理员解锁',
  },
  PASSWORD_CHANGE_LOCKED: {
    status: 423,
    detail: '当前密码连续错误次数过多，修改密码已锁定至 {until}，请届时再试，或联系系统管理员解锁',
  },
  /** The session had no request for SESSION_IDLE_MINUTES. */
  SESSION_IDLE: { status: 401, detail: '会话已超时，请重新登录' },
  /** A new password containing the account's own name (password change, reset by a system admin). */
  PASSWORD_HAS_USERNAME: { status: 422, detail: '密码不能包含用户名' },
  /** 解除锁定 of an account with no live lock (it may have just run out). */
  ACCOUNT_NOT_LOCKED: { status: 409, detail: '该账号当前没有被锁定（锁定可能已到期）' },

  // —— Covers ——
  IMPORT_ROWS_INVALID: { status: 422, detail: '有 {count} 行有误，未导入任何数据' },
  COVER_FORMAT: { status: 415, detail: '文件格式不支持：只能上传 PNG、JPEG、WebP 图片或 PDF 文件' },
  FILE_EMPTY: { status: 422, detail: '文件为空，请重新选择' },
  IMAGE_TOO_MANY_PIXELS: { status: 422, detail: '图片像素过多（超过 6,000 万像素），请缩小后再上传' },
  IMAGE_UNREADABLE: { status: 422, detail: '图片文件已损坏或无法读取，请重新导出后再上传' },
  PDF_UNREADABLE: { status: 422, detail: 'PDF 文件已损坏或格式不规范，无法检查其内容。请重新导出后再上传' },
  PDF_ENCRYPTED: { status: 422, detail: '不支持加密或设置了密码的 PDF 文件，请去掉保护后再上传' },
  PDF_UNKNOWN_CONTENT: { status: 422, detail: 'PDF 文件含有无法识别的内容，无法检查。请重新导出后再上传' },
  /** JavaScript, XFA or a launch action anywhere in the file. */
  PDF_SCRIPT: {
    status: 422,
    detail:
      'PDF 文件含有脚本或自动执行的动作（如 JavaScript），为保护投票人已拒绝上传。请用“打印为 PDF”重新导出后再上传，或改传图片',
  },
  UPLOAD_FILE_MISSING: { status: 422, detail: '请选择要上传的文件' },
  UPLOAD_FIELD_NAME: { status: 422, detail: '文件字段名必须是 {field}' },
  COVER_UPLOAD_MALFORMED: { status: 400, detail: '上传内容格式错误，请重新选择文件上传' },
  /** A cover by id (admin), or a vote type's front cover (voters). */
  COVER_NOT_FOUND: { status: 404, detail: '封面不存在' },
  BACK_COVER_NOT_FOUND: { status: 404, detail: '封底不存在' },
  COVER_NOT_UPLOADED: { status: 404, detail: '尚未上传{kind}' },
  /** 应用到全部: the vote type has no such cover to copy. */
  COVER_NOT_UPLOADED_HERE: { status: 404, detail: '该投票类型尚未上传{kind}' },
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
  /** A code printed on a paper sheet, sent by a phone: paper codes are keyed by the admins only. */
  CODE_PAPER_ONLY: {
    status: 403,
    detail: '该测评码印在纸质选票上，请在纸质选票上填写后交回，不能用于手机投票',
  },
  /** A phone's code typed as a paper sheet's key. */
  CODE_NOT_PAPER: {
    status: 403,
    detail: '该测评码是发给手机投票用的，不是纸质选票上印的测评码，不能录入为纸质票',
  },
  /** A ballot submitted in test mode, sent again after 转为正式投票 deleted the test ballots. */
  SUBMISSION_TEST_RETIRED: {
    status: 409,
    detail:
      '这份答卷是试投票时提交的，试投票答卷已在转为正式投票时清除，本次提交未保存。请刷新页面后重新投票',
  },
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

  // —— Paper sheets (modules/paper) ——
  /** Double entry: the second entry by the account that made the first (another sign-in is not another person). */
  PAPER_SAME_KEYER: {
    status: 409,
    detail: '双人录入需由另一位管理员（另一个账号）完成第二次录入；同一账号再次登录不算第二人',
  },
  /** A conflict settled by one of its two keyers. */
  PAPER_SETTLE_BY_THIRD: { status: 403, detail: '核对需由未参与两次录入的第三个账号完成' },
  /** A sheet keyed before the keyer's account was recorded, whose keyer the audit trail does not name. */
  PAPER_KEYER_UNKNOWN: {
    status: 409,
    detail: '该纸质票此前的录入人无法确认（系统升级前录入），请撤回后重新录入',
  },
  /** Link mode: no numbered sheet was printed for the vote type's current mode. */
  PAPER_NOT_PRINTED: {
    status: 409,
    detail: '本投票类型尚未打印带编号的纸质选票，请先“打印纸质选票”，再按票上印的编号录入',
  },
  /** Link mode: a sheet number that no print run of the vote type printed. */
  PAPER_NUMBER_NOT_PRINTED: {
    status: 404,
    detail: '编号 {number} 不是本投票类型打印过的纸质选票编号（已打印编号：{ranges}），请核对',
  },
  PAPER_NUMBERS_EXHAUSTED: { status: 409, detail: '纸质选票编号最多到 {max}，剩余编号不足 {copies} 份' },
  /** Link mode: numbered sheets printed after 结束投票. */
  PAPER_PRINT_CLOSED: { status: 409, detail: '投票已结束，不能再打印带编号的纸质选票' },

  // —— The voter's pages besides the ballot ——
  NO_POLL_OF_KIND: { status: 404, detail: '该单位暂无{poll}' },
  NO_OPEN_VOTE: { status: 404, detail: '该单位当前没有进行中的投票' },
  RESULTS_NOT_PUBLISHED: { status: 403, detail: '该问卷的结果未公开' },
  RESULTS_NOT_ENDED: { status: 403, detail: '投票结束后才公开结果' },
  RESULTS_TOO_FEW: { status: 404, detail: '参与人数不足，结果不予公开' },
  /** Published figures never move by a few ballots: a vote type reopened after it ended publishes nothing. */
  RESULTS_REOPENED: { status: 404, detail: '该投票重新开放过，结果不再公开' },
  RECEIPT_CODE_INVALID: { status: 422, detail: PUBLIC_VOTE_DETAILS.receiptCodeInvalid },

  // —— Admins: signing in, accounts, the access check ——
  /** Deleting what ballots name, and other irreversible steps: 高级模式 first. */
  ADVANCED_MODE_REQUIRED: { status: 403, detail: '此操作需要高级模式，请先验证管理员密码' },
  /** A route the access table does not list (a programming error, refused rather than let through). */
  ROUTE_ACCESS_UNDECLARED: { status: 403, detail: '该接口尚未登记访问权限' },
  /** The access check without a signed-in admin (the token was checked, the account is gone). */
  LOGIN_REQUIRED: { status: 403, detail: '请先登录' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, detail: '请先修改密码' },
  ROLE_MISSING: { status: 403, detail: '账号尚未分配角色，请联系系统管理员' },
  SYSTEM_ADMIN_ONLY: { status: 403, detail: '仅系统管理员可以执行此操作' },
  AUDITOR_READ_ONLY: { status: 403, detail: '监督员只能查看，不能修改' },
  /** A unit-bound route without company_id, for an admin of some units only. */
  COMPANY_REQUIRED: { status: 422, detail: '请先选择单位（company_id）' },
  REGISTRATION_CLOSED: { status: 403, detail: '注册已关闭：系统已有管理员，请联系管理员创建账号' },
  REGISTRATION_CODE_WRONG: { status: 403, detail: '注册码错误' },
  USERNAME_TAKEN: { status: 409, detail: '用户名已存在' },
  LOGIN_FAILED: { status: 401, detail: '用户名或密码错误' },
  ACCOUNT_DISABLED: { status: 401, detail: '该账号已停用，请联系系统管理员' },
  ADMIN_PASSWORD_WRONG: { status: 403, detail: '管理员密码错误' },
  CURRENT_PASSWORD_WRONG: { status: 403, detail: '当前密码错误' },
  PASSWORD_UNCHANGED: { status: 422, detail: '新密码不能与当前密码相同' },
  ALL_UNITS_AUDITOR_ONLY: { status: 422, detail: '只有监督员可以设为查看全部单位' },
  ACCOUNT_NOT_FOUND: { status: 404, detail: '账号不存在' },
  ACCOUNT_UNIT_NOT_FOUND: { status: 422, detail: '所选单位不存在' },
  SELF_ROLE_CHANGE: { status: 403, detail: '不能修改自己的角色或停用自己' },
  SELF_DELETE: { status: 403, detail: '不能删除自己的账号' },
  LAST_ADMIN_DEMOTE: { status: 409, detail: '不能停用或降级最后一个系统管理员' },
  LAST_ADMIN_DELETE: { status: 409, detail: '不能删除最后一个系统管理员' },

  // —— Two-factor sign-in (TOTP, issue 27) ——
  /** The password was right; the account has a second factor and the form sent no code. */
  OTP_REQUIRED: { status: 401, detail: '请输入动态验证码' },
  OTP_WRONG: {
    status: 401,
    detail: '动态验证码错误或已使用，请输入验证器上的最新验证码或一个未用过的恢复码',
  },
  /** REQUIRE_2FA: an account without a second factor sets one up before anything else. */
  TOTP_SETUP_REQUIRED: { status: 403, detail: '系统要求启用双因素认证，请先绑定验证器' },
  TOTP_ALREADY_ENABLED: { status: 409, detail: '已启用双因素认证；如需更换验证器，请先停用' },
  TOTP_NOT_SET_UP: { status: 409, detail: '请先生成密钥并用验证器扫描二维码' },
  TOTP_NOT_ENABLED: { status: 409, detail: '该账号尚未启用双因素认证' },
  TOTP_CODE_WRONG: { status: 422, detail: '验证码不正确，请输入验证器上当前显示的 6 位数字' },
  TOTP_REQUIRED_BY_POLICY: { status: 409, detail: '系统要求所有账号启用双因素认证，不能停用' },
  TOTP_LIMITED: { status: 429, detail: '动态验证码尝试过于频繁，请 1 分钟后再试' },
  /** A system admin resets others' second factor; its own it turns off with a code (账号安全). */
  TOTP_RESET_SELF: { status: 403, detail: '不能重置自己的双因素认证，请在“账号安全”中用验证码停用' },

  // —— Units, rounds, rosters and imports ——
  COMPANY_NOT_FOUND: { status: 404, detail: '单位不存在' },
  COMPANY_NAME_TAKEN: { status: 409, detail: '单位名称“{name}”已存在' },
  ROUND_NOT_FOUND: { status: 404, detail: '测评批次不存在' },
  /** Every write into an archived round's data. */
  ROUND_READ_ONLY: { status: 409, detail: '该测评批次已归档，不能修改' },
  ROUND_NAME_TAKEN: { status: 409, detail: '批次名称已存在' },
  /** 开始新一轮 after another admin already started one. */
  ROUND_CHANGED: { status: 409, detail: '测评批次已变更，请刷新后重试' },
  ROUND_VOTES_OPEN: { status: 409, detail: '请先结束正在进行的投票：{names}' },
  ROUND_PAPER_LEFT: { status: 409, detail: '请先完成计票（仍有纸质票未录入或待核对）：{names}' },
  VOTE_TARGET_NOT_FOUND: { status: 404, detail: '测评对象不存在' },
  SUBJECT_NOT_FOUND: { status: 404, detail: '评议对象不存在' },
  TARGET_TYPE_LOCKED: { status: 422, detail: '对象类型创建后不能修改' },
  /** A reorder naming rows of another unit or none: `label` is 测评对象, 评议对象, …. */
  ORDER_FOREIGN_ROWS: { status: 404, detail: '{label}不存在或不属于该单位：{ids}' },
  /** Deleting a row that ballots name (`what`: 投票类型, 测评对象, 评议对象) outside 高级模式. */
  DELETE_NEEDS_ADVANCED: { status: 403, detail: '该{what}已有投票记录，删除需要先进入高级模式' },
  IMPORT_FILE_MISSING: { status: 422, detail: '请选择要导入的 Excel 文件' },
  IMPORT_UPLOAD_MALFORMED: { status: 400, detail: '上传内容格式错误，请重新选择文件' },
  XLSX_NOT_ZIP: { status: 422, detail: '文件不是 Excel（.xlsx）文件' },
  XLSX_INVALID: { status: 422, detail: '文件不是有效的 Excel（.xlsx）文件，请用下载的模板填写' },
  XLSX_NO_SHEET: { status: 422, detail: '文件中没有工作表' },
  XLSX_HEADER: { status: 422, detail: '第 1 行应为标题：{columns}，请用下载的模板填写' },
  XLSX_TOO_MANY_ROWS: { status: 422, detail: '一次最多导入 {max} 行' },
  XLSX_NO_ROWS: { status: 422, detail: '文件中没有数据行' },
  /** The file's contents unpacked (declared or actually inflated) pass the limit: refused unparsed (issue 28). */
  XLSX_TOO_LARGE_UNPACKED: {
    status: 422,
    detail:
      '文件内容过大：解压后超过 {mb} MB，请删除多余的工作表、图片和格式，只保留要导入的数据（最多 2000 行）',
  },

  // —— Polls ——
  POLL_NOT_FOUND: { status: 404, detail: '问卷不存在' },
  POLL_KIND_TAKEN: { status: 409, detail: '该单位已有{poll}，不能重复创建' },
  FORM_SCHEMA_NOT_JSON: { status: 422, detail: '问卷内容不是有效的 JSON' },
  FORM_SCHEMA_NOT_OBJECT: { status: 422, detail: '问卷内容必须是对象' },
  /** form_schema against its kind: `issues` names where and what (poll.ts parseFormSchema). */
  FORM_SCHEMA_INVALID: { status: 422, detail: '问卷内容有误：{issues}' },
  POLL_OPTION_RENAME_LOCKED: {
    status: 409,
    detail: '该问卷已有 {count} 份投票记录，选项名称不能再修改：{renamed}会改变已投选票和统计结果的含义',
  },
  POLL_STRUCTURE_LOCKED: {
    status: 409,
    detail: '该问卷已有 {count} 份投票记录，只能修改标题、说明和题目文字，不能增删题目或修改选项、分值',
  },
  POLL_HAS_BALLOTS: { status: 409, detail: '该问卷已有 {count} 份投票记录，不能删除' },
  /** The same, when a ballot arrived between the count and the delete. */
  POLL_IN_USE: { status: 409, detail: '该问卷已有投票记录，不能删除' },

  // —— Vote types, their control and their codes ——
  VOTE_TYPE_NOT_FOUND: { status: 404, detail: '投票类型不存在' },
  /** A vote type of the other 表单类别 than the route's (`family`: 民主测评, 民主评议). */
  VOTE_TYPE_OTHER_FAMILY: { status: 404, detail: '该投票类型不属于{family}' },
  VOTE_TYPE_NAME_TAKEN: { status: 409, detail: '投票类型名称“{name}”已存在' },
  FORM_CATEGORY_LOCKED: { status: 409, detail: '该投票类型已有投票，不能再更改表单类别' },
  ACCESS_MODE_LOCKED: { status: 409, detail: '该投票类型已有正式投票，不能再更改投票方式' },
  TEST_MODE_LOCKED: { status: 409, detail: '该投票类型已有正式投票，不能再转为试投票' },
  TEST_BALLOTS_EXIST: { status: 409, detail: '已有试投票的选票，请使用“转为正式投票”（会删除试投票的选票）' },
  EXPECTED_BELOW_BALLOTS: { status: 409, detail: '应到人数不能少于已收回的 {count} 份选票' },
  CLOSES_BEFORE_OPENS: { status: 422, detail: '截止时间必须晚于开始时间' },
  /** 结束投票 of a vote type already ended (the voter's VOTE_CLOSED is a 403). */
  VOTE_ALREADY_CLOSED: { status: 409, detail: '投票已结束' },
  VOTE_ALREADY_COUNTED: { status: 409, detail: '该投票类型已完成计票' },
  COUNT_BEFORE_CLOSE: { status: 409, detail: '请先结束投票，再完成计票' },
  PAPER_UNSETTLED: { status: 409, detail: '还有 {count} 张纸质票未完成双人录入核对，请先处理' },
  REOPEN_NOT_ENDED: { status: 409, detail: '投票未结束，无需重新开放' },
  REOPEN_PAST_DEADLINE: { status: 409, detail: '投票已过截止时间：请先修改截止时间，再重新开放' },
  ALREADY_FORMAL: { status: 409, detail: '该投票类型已是正式投票' },
  CODES_AFTER_CLOSE: { status: 409, detail: '投票已结束，不能再发放测评码' },
  /** Ten draws in a row met existing codes: practically never. */
  CODE_GENERATION_FAILED: { status: 409, detail: '生成测评码失败，请重试' },
  CODE_NOT_FOUND: { status: 404, detail: '测评码不存在：{code}' },
  CODE_USED_NOT_VOIDABLE: { status: 409, detail: '已使用的测评码不能作废：{code}' },
  PUBLIC_URL_MISSING: { status: 409, detail: '请先在系统设置中配置公网访问地址（投票二维码将使用该地址）' },
  NO_CODES_TO_PRINT: { status: 409, detail: '没有未使用的测评码可打印' },
  NO_CODES_IN_BATCH: { status: 409, detail: '第 {batch} 批没有未使用的测评码' },
  POSTER_CODES_MODE: { status: 409, detail: '测评码方式的投票请打印测评码纸条，不使用公开二维码海报' },

  // —— Paper sheets being keyed (modules/paper) ——
  PAPER_CODE_UNKNOWN: { status: 404, detail: '测评码不存在，请核对' },
  PAPER_CODE_OTHER_TYPE: { status: 404, detail: '该测评码不属于本投票类型' },
  PAPER_SHEET_NUMBER: { status: 400, detail: '编号必须是 1-{max} 的整数' },
  PAPER_ALREADY_COUNTED: { status: 409, detail: '该纸质票已录入并计票；如需修改请使用“更正”' },
  PAPER_IN_CONFLICT: { status: 409, detail: '该纸质票两次录入不一致，请由第三人核对后确定' },
  PAPER_NOT_ENTERED: { status: 404, detail: '该纸质票尚未录入' },
  PAPER_NOT_COUNTED: { status: 409, detail: '该纸质票尚未计票，不能更正' },
  PAPER_PUBLIC_URL_MISSING: {
    status: 409,
    detail: '请先在系统设置中配置公网访问地址（纸质选票上的二维码将使用该地址）',
  },
  // 谈话调研推荐 (issue 30): the same refusals of keying, in the words of talk records (谈话记录, 谈话序号).
  RECOMMENDATION_TALK_NUMBER: { status: 400, detail: '谈话序号必须是 1-{max} 的整数' },
  RECOMMENDATION_TALK_ALREADY_COUNTED: {
    status: 409,
    detail: '谈话序号 {number} 的谈话记录已录入并计入结果；如需修改请在已录入的谈话记录中“更正”',
  },
  RECOMMENDATION_TALK_NOT_ENTERED: { status: 404, detail: '谈话序号 {number} 尚未录入谈话记录' },

  // —— 民主推荐 (issue 30): posts and one post's answers (recommendation-rules.ts) ——
  RECOMMENDATION_POST_NOT_FOUND: { status: 404, detail: '推荐职位不存在' },
  /** 谈话调研推荐 has no public link: its records are keyed in 录入谈话记录 (issue 30). */
  RECOMMENDATION_TALK_NO_LINK: {
    status: 403,
    detail: '该投票类型为谈话调研推荐，不设公开投票链接；谈话记录由谈话人员在“录入谈话记录”中逐份录入',
  },
  /** 谈话调研推荐 has no codes: issuing codes or printing slips is refused (its records are keyed by number). */
  RECOMMENDATION_TALK_NO_CODES: {
    status: 409,
    detail:
      '该投票类型为谈话调研推荐，不发放测评码、不打印测评码纸条；谈话记录由谈话人员在“录入谈话记录”中逐份录入',
  },
  /** 谈话调研推荐 has no public link, hence no QR poster. */
  RECOMMENDATION_TALK_NO_POSTER: {
    status: 409,
    detail: '该投票类型为谈话调研推荐，不设公开投票链接，没有投票二维码海报',
  },
  /** access_mode "codes" asked for a 谈话调研推荐 vote type (it has neither public link nor codes). */
  RECOMMENDATION_TALK_ACCESS_MODE: {
    status: 422,
    detail:
      '谈话调研推荐不发放测评码，投票方式不能设为“测评码”；谈话记录由谈话人员在“录入谈话记录”中按谈话序号逐份录入',
  },
  /** double_entry true asked for a 谈话调研推荐 vote type (its records are keyed once). */
  RECOMMENDATION_TALK_DOUBLE_ENTRY: {
    status: 422,
    detail: '谈话调研推荐的谈话记录由谈话人员单人录入，不能开启双人录入核对',
  },
  /** A post name (trimmed) another post of the same unit and round already has. */
  RECOMMENDATION_POST_NAME_TAKEN: { status: 409, detail: '推荐职位“{name}”已存在' },
  /** recommendation_mode on a vote type of another family. */
  RECOMMENDATION_MODE_NOT_FAMILY: { status: 422, detail: '只有民主推荐的投票类型可以设置推荐方式' },
  /** recommendation_mode changed once the vote type has ballots. */
  RECOMMENDATION_MODE_LOCKED: { status: 409, detail: '该投票类型已有选票，不能修改推荐方式' },
  /** A post's numbers as they would be after an update (postNumbersProblems): `problems`, in Chinese. */
  RECOMMENDATION_POST_NUMBERS: { status: 422, detail: '推荐职位设置有误：{problems}' },
  /** A post whose ballots exist: deleted, or its numbers changed (outside 高级模式). */
  RECOMMENDATION_POST_HAS_BALLOTS: {
    status: 409,
    detail: '推荐职位“{name}”已有 {count} 份选票，不能删除或修改职数、推荐人数和另提名栏',
  },
  /** A candidate named by ballots, left out of an update's list. */
  RECOMMENDATION_CANDIDATE_HAS_BALLOTS: {
    status: 409,
    detail: '参考人选“{name}”已有选票推荐，不能删除',
  },
  RECOMMENDATION_POST_UNKNOWN: { status: 422, detail: BALLOT.RECOMMENDATION_POST_UNKNOWN },
  RECOMMENDATION_POST_TWICE: { status: 422, detail: BALLOT.RECOMMENDATION_POST_TWICE },
  RECOMMENDATION_POST_MISSING: { status: 422, detail: BALLOT.RECOMMENDATION_POST_MISSING },
  /** Choices plus write-ins above max_choices (a phone; on paper the post is 无效 instead). */
  RECOMMENDATION_TOO_MANY: { status: 422, detail: POST.RECOMMENDATION_TOO_MANY },
  /** Something chosen, but fewer than min_choices (a phone; on paper the post is 无效 instead). */
  RECOMMENDATION_TOO_FEW: { status: 422, detail: POST.RECOMMENDATION_TOO_FEW },
  RECOMMENDATION_DUPLICATE_CHOICE: { status: 422, detail: POST.RECOMMENDATION_DUPLICATE_CHOICE },
  /** A chosen id that is not a candidate of the post. */
  RECOMMENDATION_UNKNOWN_CANDIDATE: { status: 422, detail: POST.RECOMMENDATION_UNKNOWN_CANDIDATE },
  RECOMMENDATION_NO_WRITE_INS: { status: 422, detail: POST.RECOMMENDATION_NO_WRITE_INS },
  RECOMMENDATION_TOO_MANY_WRITE_INS: { status: 422, detail: POST.RECOMMENDATION_TOO_MANY_WRITE_INS },
  /** A write-in that is a listed candidate's name (compared by nameKey: trimmed, full/half-width alike). */
  RECOMMENDATION_WRITE_IN_LISTED: { status: 422, detail: POST.RECOMMENDATION_WRITE_IN_LISTED },
  /** The same name written in twice on one post of one ballot. */
  RECOMMENDATION_DUPLICATE_WRITE_IN: { status: 422, detail: POST.RECOMMENDATION_DUPLICATE_WRITE_IN },
  RECOMMENDATION_WRITE_IN_TOO_LONG: { status: 422, detail: POST.RECOMMENDATION_WRITE_IN_TOO_LONG },

  // —— Records, results, the meeting screen ——
  VOTER_RECORDS_NOT_FOUND: { status: 404, detail: '未找到该投票人的投票记录' },
  VOTER_DELETE_AFTER_END: { status: 403, detail: VOTER_DELETE_AFTER_END },
  /** An answer sheet (vote or cadre vote) of another unit, by the access check. */
  BALLOT_NOT_FOUND: { status: 404, detail: '答卷不存在' },
  MEETING_LINK_GONE: { status: 404, detail: MEETING_LINK_GONE },
  /** 在大屏显示汇总 while a vote type it covers is not 已完成计票 (`names`: the vote types). */
  MEETING_SUMMARY_NOT_COUNTED: { status: 409, detail: meetingSummaryNotCounted(['{names}']) },

  // —— 报告核验 (signed reports) ——
  REPORT_CODE_INVALID: {
    status: 400,
    detail: '核验码格式不正确：应为 16 位字母和数字，如 ABCD-EFGH-JKMN-PQRS（见报告页脚）',
  },
  /** Unknown, or a unit the account does not see (the same answer: a code reveals nothing). */
  REPORT_CODE_UNKNOWN: { status: 404, detail: '未找到该核验码对应的报告，请核对核验码后重试' },
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
