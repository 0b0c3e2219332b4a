// 民主推荐 (issue 30): the third ballot family's rules, shared by the server's validation, the paper entry
// screens and the voter pages. No zod import and no stroke data here: the voter bundle imports this file
// directly (types are erased, the rest is a few functions). The zod schemas are in recommendation.ts, the
// counting in recommendation-count.ts, the 按姓氏笔画 order in strokes.ts.
import type { ErrorCode } from './errors';

/** The family's form_category, beside democratic_appraisal (民主测评) and democratic_evaluation (民主评议). */
export const RECOMMENDATION_FORM_CATEGORY = 'democratic_recommendation';

/**
 * How a vote type of the family is run: `meeting` (会议推荐) the voters vote, on phones, codes or paper;
 * `talk` (谈话调研推荐) no public link, an interviewer keys one record per talk through the paper entry
 * screens (single entry), and the results say 谈话调研推荐.
 */
export const RECOMMENDATION_MODES = ['meeting', 'talk'] as const;
export type RecommendationMode = (typeof RECOMMENDATION_MODES)[number];
export const RECOMMENDATION_MODE_LABELS: Record<RecommendationMode, string> = {
  meeting: '会议推荐',
  talk: '谈话调研推荐',
};

/** How a post lists its candidates: in the order typed, or 按姓氏笔画 (strokes.ts, sorted by the server). */
export const CANDIDATE_ORDERS = ['typed', 'surname_strokes'] as const;
export type CandidateOrder = (typeof CANDIDATE_ORDERS)[number];
export const CANDIDATE_ORDER_LABELS: Record<CandidateOrder, string> = {
  typed: '按录入顺序',
  surname_strokes: '按姓氏笔画',
};

/** Limits of a post (推荐职位). */
export const RECOMMENDATION_LIMITS = {
  /** 职数. */
  seatsMax: 100,
  /** 参考人选 per post. */
  candidatesMax: 200,
  /** 另提名栏 per post. */
  writeInSlotsMax: 20,
  /** A candidate's or a write-in's name, in characters. */
  nameMax: 50,
} as const;

/** One post of one ballot: the listed candidates chosen (their ids) and the names written in (另提名). */
export interface RecommendationAnswers {
  choices: number[];
  write_ins: string[];
}

/** An entry of a submission's `ballots` for this family: one per active post. */
export interface RecommendationBallotEntry {
  post_id: number;
  answers: RecommendationAnswers;
}

/** A 参考人选 as the voter sees it. */
export interface PublicRecommendationCandidate {
  id: number;
  name: string;
  current_position: string;
  birth_date: string;
  note: string;
}

/** An active 推荐职位 as the voter sees it, candidates in the post's order. */
export interface PublicRecommendationPost {
  id: number;
  name: string;
  seats: number;
  max_choices: number;
  min_choices: number | null;
  write_in_slots: number;
  /** More candidates than seats: 差额. */
  differential: boolean;
  sort_order: number;
  candidates: PublicRecommendationCandidate[];
}

/** What the rules need of a post. */
export interface RecommendationPostRule {
  id: number;
  name: string;
  max_choices: number;
  min_choices: number | null;
  write_in_slots: number;
  candidates: readonly { id: number; name: string }[];
}

/** 差额: more candidates than seats. */
export const isDifferential = (post: { seats: number; candidates: readonly unknown[] }) =>
  post.candidates.length > post.seats;

/** A post's numbers, any of them (an update body sends some). */
export interface PostNumbersInput {
  seats?: number;
  max_choices?: number;
  min_choices?: number | null;
  write_in_slots?: number;
  candidates?: readonly unknown[];
}

/**
 * What is wrong with a post's numbers, in Chinese, by field: min_choices above max_choices (max_choices
 * defaults to seats); nothing to answer (no candidate, no write-in slot); max_choices above what can be
 * picked (candidates + write-in slots). Checks what is given: the server checks an update on the merged post.
 */
export function postNumbersProblems(v: PostNumbersInput): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const max = v.max_choices ?? v.seats;
  if (max !== undefined && v.min_choices != null && v.min_choices > max) {
    problems.push({ field: 'min_choices', message: '最少推荐人数不能大于最多推荐人数' });
  }
  if (v.candidates === undefined || v.write_in_slots === undefined) return problems;
  const available = v.candidates.length + v.write_in_slots;
  if (available === 0) {
    problems.push({ field: 'candidates', message: '请至少添加一名参考人选，或设置另提名栏' });
  } else if (max !== undefined && max > available) {
    problems.push({
      field: 'max_choices',
      message: `最多推荐人数（${max}）不能大于参考人选数与另提名栏数之和（${available}）`,
    });
  }
  return problems;
}

/** The line a post's heading carries: '职数 2 名，最多推荐 2 人，参考人选 5 名（差额），另提名 1 栏'. */
export function postRuleLine(post: {
  seats: number;
  max_choices: number;
  min_choices: number | null;
  write_in_slots: number;
  candidates: readonly unknown[];
}): string {
  const parts = [`职数 ${post.seats} 名`, `最多推荐 ${post.max_choices} 人`];
  if (post.min_choices) parts.push(`至少推荐 ${post.min_choices} 人`);
  parts.push(`参考人选 ${post.candidates.length} 名${isDifferential(post) ? '（差额）' : ''}`);
  if (post.write_in_slots > 0) parts.push(`另提名 ${post.write_in_slots} 栏`);
  return parts.join('，');
}

/** The instruction printed on the 民主推荐票 and shown above a post on the phone. */
export const ballotInstruction = (maxChoices: number) =>
  `在同意推荐的人选姓名后的方框内划“○”，不划的视为不推荐；最多推荐 ${maxChoices} 人`;

/** Under a post's figures when 实到 < ⅔ of 应到. */
export const RECOMMENDATION_QUORUM_WARNING = '到会人数未达到应到人数的三分之二';

/** 收回 ≥ ⅔ 应到, exactly in integers; null when 应到 is unknown. */
export const quorumMet = (received: number, expected: number | null): boolean | null =>
  expected === null || expected <= 0 ? null : 3 * received >= 2 * expected;

/** The 口径 printed under every results table of the family. */
export const RECOMMENDATION_SHARE_NOTE =
  '得票率 = 得票数 ÷ 该职位有效票数（有效票含未推荐任何人的弃权票），四舍五入保留两位小数，每项单独舍入，未作调整；' +
  '“过半数”指得票数超过该职位有效票数的一半；合计栏的票数为各投票类型票数之和，得票率按合计票数重新计算，不取平均。';

/**
 * A name as typed, made comparable: full-width letters, digits and spaces to half-width (NFKC), the
 * middle dots of minority names (·・•‧∙) to one ·, spaces around Chinese characters removed, other runs of
 * spaces to one, trimmed. '  张 三 ' → '张三', 'ＡＢ' → 'AB', '买买提・艾力' → '买买提·艾力'.
 */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[·・•‧∙･]/g, '·')
    .replace(/\s*([\p{Script=Han}·])\s*/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Two spellings are the same name when their keys are equal (normalizeName, then case folded). */
export const nameKey = (raw: string) => normalizeName(raw).toLowerCase();

/**
 * The name keys of a post's listed candidates, made once per candidates list: counting checks every
 * write-in ballot of a post against the same list (a third of the results call's CPU went to remaking them).
 * Nothing changes a candidates list in place: a changed post comes as a new list, a new key.
 */
const listedKeysCache = new WeakMap<readonly { name: string }[], Set<string>>();
function listedKeysOf(candidates: readonly { name: string }[]): Set<string> {
  let keys = listedKeysCache.get(candidates);
  if (!keys) {
    keys = new Set(candidates.map((c) => nameKey(c.name)));
    listedKeysCache.set(candidates, keys);
  }
  return keys;
}

/** The refusals of one post's answers; each is a code of the error table (errors.ts) with status 422. */
export const RECOMMENDATION_DETAILS = {
  RECOMMENDATION_TOO_MANY: '“{post}”最多推荐 {max} 人，现推荐了 {count} 人',
  RECOMMENDATION_TOO_FEW:
    '“{post}”至少推荐 {min} 人，现推荐了 {count} 人（不推荐任何人请全部留空，视为弃权）',
  RECOMMENDATION_DUPLICATE_CHOICE: '“{post}”中同一位参考人选被选择了两次',
  RECOMMENDATION_UNKNOWN_CANDIDATE: '“{post}”中没有所选的参考人选（ID {ids}），请刷新页面后重新选择',
  RECOMMENDATION_NO_WRITE_INS: '“{post}”不设另提名，不能另行填写人选',
  RECOMMENDATION_TOO_MANY_WRITE_INS: '“{post}”最多另提名 {max} 人，现填写了 {count} 人',
  RECOMMENDATION_WRITE_IN_LISTED:
    '“{post}”的另提名人选“{name}”已在参考人选中，请直接选择该人选，不要另行填写',
  RECOMMENDATION_DUPLICATE_WRITE_IN: '“{post}”的另提名人选“{name}”填写了两次',
  RECOMMENDATION_WRITE_IN_TOO_LONG: '“{post}”的另提名人选姓名不能超过 {max} 个字',
} as const;
export type RecommendationRefusalCode = keyof typeof RECOMMENDATION_DETAILS & ErrorCode;

/** A refusal: its code (the server answers it with `fail(code, params)`) and the detail to show. */
export interface RecommendationRefusal {
  code: RecommendationRefusalCode;
  params: Record<string, string | number>;
  detail: string;
}

const refusal = (code: RecommendationRefusalCode, params: Record<string, string | number>) => ({
  code,
  params,
  detail: RECOMMENDATION_DETAILS[code].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? '')),
});

/**
 * How one post of one ballot counts: `valid` (someone recommended), `abstained` (nobody: 弃权, a valid
 * ballot of the post) or `invalid` (无效 for this post only: more than max_choices marked, or fewer than
 * min_choices, on a paper sheet or a talk record).
 */
export type RecommendationEntryStatus = 'valid' | 'abstained' | 'invalid';

/**
 * Where the answers come from: `phone` refuses every broken rule (422); `paper` (a paper sheet keyed, or a
 * 谈话调研推荐 record) takes too many or too few as 无效 for the post, as the sheet was marked, and refuses
 * only what the keyer can correct (an unknown or repeated choice, a write-in that repeats a name).
 */
export type RecommendationSource = 'phone' | 'paper';

export type RecommendationEntryCheck =
  | {
      ok: true;
      status: RecommendationEntryStatus;
      /** The answers to store: write-ins normalised (normalizeName), blanks dropped, choices as given. */
      data: RecommendationAnswers;
      /** Why a paper entry is 无效; null otherwise. */
      reason: RecommendationRefusal | null;
    }
  | { ok: false; refusal: RecommendationRefusal };

/**
 * One post of one ballot against the post's rules: chosen ids of its candidates, each once; write-ins
 * only where the post has 另提名栏 (at most write_in_slots), none repeating a listed candidate's name or
 * another write-in (compared by nameKey); choices plus write-ins at most max_choices and, when anything is
 * chosen, at least min_choices. Nothing chosen is 弃权.
 */
export function checkRecommendationEntry(
  post: RecommendationPostRule,
  answers: RecommendationAnswers,
  source: RecommendationSource = 'phone',
): RecommendationEntryCheck {
  const fail = (code: RecommendationRefusalCode, params: Record<string, string | number> = {}) => ({
    ok: false as const,
    refusal: refusal(code, { post: post.name, ...params }),
  });
  const listed = new Set(post.candidates.map((c) => c.id));
  const unknown = answers.choices.filter((id) => !listed.has(id));
  if (unknown.length)
    return fail('RECOMMENDATION_UNKNOWN_CANDIDATE', { ids: [...new Set(unknown)].join('、') });
  if (new Set(answers.choices).size !== answers.choices.length)
    return fail('RECOMMENDATION_DUPLICATE_CHOICE');

  const writeIns = answers.write_ins.map(normalizeName).filter((n) => n !== '');
  if (writeIns.length && post.write_in_slots === 0) return fail('RECOMMENDATION_NO_WRITE_INS');
  if (writeIns.length > post.write_in_slots) {
    return fail('RECOMMENDATION_TOO_MANY_WRITE_INS', { max: post.write_in_slots, count: writeIns.length });
  }
  const longest = RECOMMENDATION_LIMITS.nameMax;
  if (writeIns.some((n) => [...n].length > longest))
    return fail('RECOMMENDATION_WRITE_IN_TOO_LONG', { max: longest });
  const listedKeys = listedKeysOf(post.candidates);
  const seen = new Set<string>();
  for (const name of writeIns) {
    const key = nameKey(name);
    if (listedKeys.has(key)) return fail('RECOMMENDATION_WRITE_IN_LISTED', { name });
    if (seen.has(key)) return fail('RECOMMENDATION_DUPLICATE_WRITE_IN', { name });
    seen.add(key);
  }

  const data = { choices: [...answers.choices], write_ins: writeIns };
  const count = data.choices.length + writeIns.length;
  if (count === 0) return { ok: true, status: 'abstained', data, reason: null };
  let broken: RecommendationRefusal | null = null;
  if (count > post.max_choices) {
    broken = refusal('RECOMMENDATION_TOO_MANY', { post: post.name, max: post.max_choices, count });
  } else if (post.min_choices !== null && count < post.min_choices) {
    broken = refusal('RECOMMENDATION_TOO_FEW', { post: post.name, min: post.min_choices, count });
  }
  if (!broken) return { ok: true, status: 'valid', data, reason: null };
  return source === 'paper'
    ? { ok: true, status: 'invalid', data, reason: broken }
    : { ok: false, refusal: broken };
}

/** The refusals of a ballot as a whole (the server answers them 422 before looking at any post). */
export const RECOMMENDATION_BALLOT_DETAILS = {
  RECOMMENDATION_POST_UNKNOWN: '推荐职位（ID {ids}）不存在或已停用，请刷新页面后重新投票',
  RECOMMENDATION_POST_TWICE: '推荐职位“{post}”的答卷提交了两次',
  RECOMMENDATION_POST_MISSING: '缺少推荐职位“{post}”的答卷（不推荐任何人请留空，视为弃权）',
} as const;
export type RecommendationBallotRefusalCode = keyof typeof RECOMMENDATION_BALLOT_DETAILS & ErrorCode;

export type RecommendationBallotCheck =
  | {
      ok: true;
      entries: { post_id: number; status: RecommendationEntryStatus; data: RecommendationAnswers }[];
    }
  | {
      ok: false;
      refusal:
        | RecommendationRefusal
        | { code: RecommendationBallotRefusalCode; params: Record<string, string | number>; detail: string };
    };

/**
 * A whole ballot of the family: exactly one entry per active post (any order), each checked by
 * checkRecommendationEntry; the first refusal wins. Entries come back in the posts' order.
 */
export function checkRecommendationBallot(
  posts: readonly RecommendationPostRule[],
  entries: readonly RecommendationBallotEntry[],
  source: RecommendationSource = 'phone',
): RecommendationBallotCheck {
  const ballotRefusal = (code: RecommendationBallotRefusalCode, params: Record<string, string | number>) => ({
    ok: false as const,
    refusal: {
      code,
      params,
      detail: RECOMMENDATION_BALLOT_DETAILS[code].replace(/\{(\w+)\}/g, (_, k: string) =>
        String(params[k] ?? ''),
      ),
    },
  });
  const byId = new Map(posts.map((p) => [p.id, p]));
  const unknown = entries.filter((e) => !byId.has(e.post_id)).map((e) => e.post_id);
  if (unknown.length)
    return ballotRefusal('RECOMMENDATION_POST_UNKNOWN', { ids: [...new Set(unknown)].join('、') });
  const given = new Map<number, RecommendationAnswers>();
  for (const e of entries) {
    if (given.has(e.post_id))
      return ballotRefusal('RECOMMENDATION_POST_TWICE', { post: byId.get(e.post_id)!.name });
    given.set(e.post_id, e.answers);
  }
  const missing = posts.find((p) => !given.has(p.id));
  if (missing) return ballotRefusal('RECOMMENDATION_POST_MISSING', { post: missing.name });
  const out: { post_id: number; status: RecommendationEntryStatus; data: RecommendationAnswers }[] = [];
  for (const post of posts) {
    const check = checkRecommendationEntry(post, given.get(post.id)!, source);
    if (!check.ok) return check;
    out.push({ post_id: post.id, status: check.status, data: check.data });
  }
  return { ok: true, entries: out };
}
