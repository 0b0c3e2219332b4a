// 民主推荐 paper sheets and 谈话调研推荐 records keyed by keyboard, as pure functions: a post per block, its
// 参考人选 marked by their 序号 as printed (1-9 and 0 = 10 at once; above ten candidates the digits of the
// 序号, confirmed as soon as no longer 序号 starts with them, or by Space), the 另提名 boxes typed, Enter on
// to the next post, the last Enter (or Ctrl+Enter) asks to submit. A post marked more than 最多推荐 (or
// fewer than 最少) is 无效 for that post only: the first submit says so, the second stores it.
import {
  checkRecommendationEntry,
  normalizeName,
  type PublicRecommendationPost,
  type RecommendationAnswers,
  type RecommendationBallotEntry,
  type RecommendationEntryStatus,
} from '@kaoping/contracts/recommendation-rules';
import type { KeyInput } from './entry-keys';

/** Post id → the candidates marked (in the order marked) and the 另提名 boxes (blank boxes as ''). */
export type PostValues = Record<number, RecommendationAnswers>;

/** The post, and the line in it: a candidate (0 … n-1), then the 另提名 boxes (n …). */
export interface PostCursor {
  post: number;
  line: number;
}

export interface PostEntryState {
  values: PostValues;
  cursor: PostCursor;
  /** The digits of a 序号 typed so far (posts of more than ten candidates). */
  digits: string;
  /** The keyer asked to submit a sheet with 无效 posts and was told: the next submit stores it. */
  armed: boolean;
}

export interface PostKeyResult {
  state: PostEntryState;
  handled: boolean;
  submit?: boolean;
  message?: string;
}

export const startPostState = (values: PostValues = {}): PostEntryState => ({
  values,
  cursor: { post: 0, line: 0 },
  digits: '',
  armed: false,
});

export const answersOf = (values: PostValues, post: PublicRecommendationPost): RecommendationAnswers =>
  values[post.id] ?? { choices: [], write_ins: [] };

/** The names written in as the server stores them (normalizeName), blank boxes dropped. */
const writtenIn = (a: RecommendationAnswers) => a.write_ins.map(normalizeName).filter((n) => n !== '');

/** Marks plus the names written in: what 最多推荐 N 人 is counted against. */
export const markedCount = (a: RecommendationAnswers) => a.choices.length + writtenIn(a).length;

export const lineCount = (post: PublicRecommendationPost) => post.candidates.length + post.write_in_slots;
export const isWriteInLine = (post: PublicRecommendationPost, line: number) => line >= post.candidates.length;

/** How the post will be stored, as the server judges a paper sheet; or what the keyer must correct. */
export type PostVerdict =
  { kind: RecommendationEntryStatus; reason: string | null } | { kind: 'refused'; reason: string };

export function postVerdict(post: PublicRecommendationPost, a: RecommendationAnswers): PostVerdict {
  const check = checkRecommendationEntry(post, a, 'paper');
  if (!check.ok) return { kind: 'refused', reason: check.refusal.detail };
  return { kind: check.status, reason: check.reason?.detail ?? null };
}

/** The words under a 无效 post: what was marked, and that the post alone will not count. */
export function invalidNote(post: PublicRecommendationPost, n: number): string {
  const rule =
    n > post.max_choices
      ? `推荐了 ${n} 人，超过最多推荐 ${post.max_choices} 人`
      : `推荐了 ${n} 人，少于至少推荐 ${post.min_choices ?? 0} 人`;
  return `${rule}：保存后本职位记为无效票，其他职位照常计票`;
}

/** The entries sent: one per post, the marks in the candidates' order, the names written in. */
export function buildPostBallots(
  posts: readonly PublicRecommendationPost[],
  values: PostValues,
): RecommendationBallotEntry[] {
  return posts.map((post) => {
    const a = answersOf(values, post);
    const marked = new Set(a.choices);
    return {
      post_id: post.id,
      answers: {
        choices: post.candidates.filter((c) => marked.has(c.id)).map((c) => c.id),
        write_ins: writtenIn(a),
      },
    };
  });
}

/** The values an entry holds (a settlement that starts from one entry). */
export function valuesFromPostBallots(entries: readonly unknown[]): PostValues {
  const values: PostValues = {};
  for (const e of entries) {
    if (!e || typeof e !== 'object' || !('post_id' in e)) continue;
    const { post_id, answers } = e as RecommendationBallotEntry;
    values[post_id] = { choices: [...answers.choices], write_ins: [...answers.write_ins] };
  }
  return values;
}

/**
 * Each post of an entry as text, keyed `postId#marks` and `postId#writeins`: what the side-by-side view of
 * two entries compares (the marks by 序号 and name).
 */
export function postCells(
  posts: readonly PublicRecommendationPost[],
  entries: readonly unknown[],
): Map<string, { row: number; what: string; text: string }> {
  const values = valuesFromPostBallots(entries);
  const out = new Map<string, { row: number; what: string; text: string }>();
  posts.forEach((post, i) => {
    const a = answersOf(values, post);
    const marks = post.candidates
      .flatMap((c, n) => (a.choices.includes(c.id) ? [`${n + 1} ${c.name}`] : []))
      .join('、');
    out.set(`${post.id}#marks`, { row: i + 1, what: `${post.name} · 推荐`, text: marks });
    if (post.write_in_slots > 0) {
      out.set(`${post.id}#writeins`, {
        row: i + 1,
        what: `${post.name} · 另提名`,
        text: writtenIn(a).join('、'),
      });
    }
  });
  return out;
}

const withValues = (
  state: PostEntryState,
  post: PublicRecommendationPost,
  a: RecommendationAnswers,
  line = state.cursor.line,
): PostEntryState => ({
  values: { ...state.values, [post.id]: a },
  cursor: { post: state.cursor.post, line },
  digits: '',
  armed: false,
});

/** The 序号 `n` (1-based) of the current post marked, or unmarked when it was. */
function toggleNumber(posts: readonly PublicRecommendationPost[], state: PostEntryState, n: number) {
  const post = posts[state.cursor.post]!;
  const c = post.candidates[n - 1];
  if (!c) {
    return {
      state: { ...state, digits: '' },
      handled: true,
      message: `“${post.name}”没有序号 ${n}（参考人选共 ${post.candidates.length} 名）`,
    };
  }
  const a = answersOf(state.values, post);
  const on = a.choices.includes(c.id);
  const choices = on ? a.choices.filter((id) => id !== c.id) : [...a.choices, c.id];
  return { state: withValues(state, post, { ...a, choices }, n - 1), handled: true };
}

/** A digit: ten candidates or fewer, the 序号 at once (0 = 10); more, the digits until only one fits. */
function pressDigit(
  posts: readonly PublicRecommendationPost[],
  state: PostEntryState,
  d: string,
): PostKeyResult {
  const post = posts[state.cursor.post]!;
  const total = post.candidates.length;
  if (total === 0) {
    return { state, handled: true, message: `“${post.name}”没有参考人选，请在另提名栏填写姓名` };
  }
  if (total <= 10) return toggleNumber(posts, state, d === '0' ? 10 : Number(d));
  const digits = state.digits + d;
  const n = Number(digits);
  if (n === 0 || n > total) return toggleNumber(posts, state, n);
  if (n * 10 > total) return toggleNumber(posts, state, n);
  return { state: { ...state, digits }, handled: true };
}

function submitOrWarn(posts: readonly PublicRecommendationPost[], state: PostEntryState): PostKeyResult {
  const settled = { ...state, digits: '' };
  let invalid = 0;
  for (let p = 0; p < posts.length; p += 1) {
    const post = posts[p]!;
    const verdict = postVerdict(post, answersOf(state.values, post));
    if (verdict.kind === 'refused') {
      return {
        state: { ...settled, cursor: { post: p, line: 0 }, armed: false },
        handled: true,
        message: `请先改正：${verdict.reason}`,
      };
    }
    if (verdict.kind === 'invalid') invalid += 1;
  }
  if (invalid === 0 || state.armed) return { state: settled, handled: true, submit: true };
  return {
    state: { ...settled, armed: true },
    handled: true,
    message: `有 ${invalid} 个职位将记为无效票（见红色提示）。核对原票无误后，再按一次提交即保存`,
  };
}

/** The cursor on the post's first line, or the next post; past the last post, submit. */
function nextPost(posts: readonly PublicRecommendationPost[], state: PostEntryState): PostKeyResult {
  if (state.cursor.post >= posts.length - 1) return submitOrWarn(posts, state);
  return { state: { ...state, digits: '', cursor: { post: state.cursor.post + 1, line: 0 } }, handled: true };
}

/**
 * Enter: a 序号 typed is confirmed; on a candidate, on to the post's first 另提名 box (when it has any) or
 * the next post; in a box with a name, on to the next box; an empty box, on to the next post.
 */
export function pressPostEnter(
  posts: readonly PublicRecommendationPost[],
  state: PostEntryState,
): PostKeyResult {
  if (state.digits) return toggleNumber(posts, state, Number(state.digits));
  const post = posts[state.cursor.post]!;
  const { line } = state.cursor;
  const n = post.candidates.length;
  if (!isWriteInLine(post, line)) {
    if (post.write_in_slots > 0)
      return { state: { ...state, cursor: { post: state.cursor.post, line: n } }, handled: true };
    return nextPost(posts, state);
  }
  const text = answersOf(state.values, post).write_ins[line - n] ?? '';
  if (text.trim() !== '' && line + 1 < lineCount(post)) {
    return { state: { ...state, cursor: { post: state.cursor.post, line: line + 1 } }, handled: true };
  }
  return nextPost(posts, state);
}

function moveLine(
  posts: readonly PublicRecommendationPost[],
  state: PostEntryState,
  d: number,
): PostKeyResult {
  let { post: p, line } = state.cursor;
  line += d;
  if (line < 0 && p > 0) {
    p -= 1;
    line = lineCount(posts[p]!) - 1;
  } else if (line >= lineCount(posts[p]!) && p < posts.length - 1) {
    p += 1;
    line = 0;
  }
  line = Math.max(0, Math.min(lineCount(posts[p]!) - 1, line));
  return { state: { ...state, digits: '', cursor: { post: p, line } }, handled: true };
}

function movePost(
  posts: readonly PublicRecommendationPost[],
  state: PostEntryState,
  d: number,
): PostKeyResult {
  const p = Math.max(0, Math.min(posts.length - 1, state.cursor.post + d));
  return { state: { ...state, digits: '', cursor: { post: p, line: 0 } }, handled: true };
}

/** Backspace: a digit typed, else the last mark of the post taken back. */
function backspace(posts: readonly PublicRecommendationPost[], state: PostEntryState): PostKeyResult {
  if (state.digits) return { state: { ...state, digits: state.digits.slice(0, -1) }, handled: true };
  const post = posts[state.cursor.post]!;
  const a = answersOf(state.values, post);
  const last = a.choices.at(-1);
  if (last === undefined) return { state, handled: true };
  const line = post.candidates.findIndex((c) => c.id === last);
  return { state: withValues(state, post, { ...a, choices: a.choices.slice(0, -1) }, line), handled: true };
}

/** One key on the posts (a 另提名 box passes Enter, Ctrl+Enter and ↑↓ here; the rest is typing). */
export function pressPostKey(
  posts: readonly PublicRecommendationPost[],
  state: PostEntryState,
  input: KeyInput,
): PostKeyResult {
  if (posts.length === 0) return { state, handled: false };
  if (input.key === 'Enter') {
    if (input.ctrlKey || input.metaKey) return submitOrWarn(posts, state);
    return pressPostEnter(posts, state);
  }
  if (input.ctrlKey || input.metaKey) return { state, handled: false };
  if (/^[0-9]$/.test(input.key)) return pressDigit(posts, state, input.key);
  const post = posts[state.cursor.post]!;
  switch (input.key) {
    case ' ': {
      if (state.digits) return toggleNumber(posts, state, Number(state.digits));
      if (isWriteInLine(post, state.cursor.line)) return { state, handled: false };
      return toggleNumber(posts, state, state.cursor.line + 1);
    }
    case 'Backspace':
      return backspace(posts, state);
    case 'Delete':
      return {
        state: withValues(state, post, { choices: [], write_ins: [] }, 0),
        handled: true,
        message: `已清空“${post.name}”`,
      };
    case 'ArrowUp':
      return moveLine(posts, state, -1);
    case 'ArrowDown':
      return moveLine(posts, state, 1);
    case 'ArrowLeft':
    case 'PageUp':
      return movePost(posts, state, -1);
    case 'ArrowRight':
    case 'PageDown':
      return movePost(posts, state, 1);
    default:
      return { state, handled: false };
  }
}

/** A 另提名 box's text changed (box `slot` of post `p`): the cursor goes there. */
export function typeWriteIn(
  posts: readonly PublicRecommendationPost[],
  state: PostEntryState,
  p: number,
  slot: number,
  text: string,
): PostEntryState {
  const post = posts[p]!;
  const a = answersOf(state.values, post);
  const boxes = Array.from({ length: post.write_in_slots }, (_, i) => a.write_ins[i] ?? '');
  boxes[slot] = text;
  return {
    values: { ...state.values, [post.id]: { ...a, write_ins: boxes } },
    cursor: { post: p, line: post.candidates.length + slot },
    digits: '',
    armed: false,
  };
}
