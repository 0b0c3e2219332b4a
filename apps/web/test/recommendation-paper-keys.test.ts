// The keys of a 民主推荐 sheet as pure functions (recommendation-keys.ts): 序号 of more than ten candidates,
// Space, arrows across posts, and the verdicts the screen shows.
import { describe, expect, it } from 'vitest';
import type { PublicRecommendationPost } from '@kaoping/contracts/recommendation-rules';
import {
  buildPostBallots,
  postVerdict,
  pressPostKey,
  startPostState,
  type PostEntryState,
} from '@/features/paper-entry/lib/recommendation-keys';

const post = (
  id: number,
  n: number,
  over: Partial<PublicRecommendationPost> = {},
): PublicRecommendationPost => ({
  id,
  name: `职位${id}`,
  seats: 3,
  max_choices: 3,
  min_choices: null,
  write_in_slots: 0,
  differential: true,
  sort_order: id,
  candidates: Array.from({ length: n }, (_, i) => ({
    id: id * 100 + i + 1,
    name: `人选${i + 1}`,
    current_position: '',
    birth_date: '',
    note: '',
  })),
  ...over,
});

const keys = (posts: PublicRecommendationPost[], typed: string[], state = startPostState()) =>
  typed.reduce<PostEntryState>((s, key) => pressPostKey(posts, s, { key }).state, state);

describe('民主推荐 keys', () => {
  it('marks 序号 above ten by their digits: at once when no longer 序号 fits, else on Space or Enter', () => {
    const posts = [post(1, 15)];
    // 2: no 序号 20-29 among 15, marked at once; 1 waits (10-15 fit), 3 completes 13.
    let s = keys(posts, ['2', '1']);
    expect(s.values[1]?.choices).toEqual([102]);
    expect(s.digits).toBe('1');
    s = keys(posts, ['3'], s);
    expect(s.values[1]?.choices).toEqual([102, 113]);
    // 1 then Space: 序号 1; 1 then Enter likewise; 1 1 1 toggles 11 off after on.
    s = keys(posts, ['1', ' '], s);
    expect(s.values[1]?.choices).toEqual([102, 113, 101]);
    s = keys(posts, ['1', '1', '1', '1'], s);
    expect(s.values[1]?.choices).toEqual([102, 113, 101]);
    expect(s.digits).toBe('');
    // A 序号 that does not exist says so and marks nothing.
    const none = pressPostKey(posts, keys(posts, ['1']), { key: '9' });
    expect(none.message).toBe('“职位1”没有序号 19（参考人选共 15 名）');
    expect(none.state.values[1]).toBeUndefined();
  });

  it('takes 0 as 序号 10 with ten candidates, moves with the arrows and Space marks the line', () => {
    const posts = [post(1, 10), post(2, 2, { write_in_slots: 1, max_choices: 1 })];
    let s = keys(posts, ['0']);
    expect(s.values[1]?.choices).toEqual([110]);
    s = keys(posts, ['ArrowDown', ' '], s); // from 序号 10 down: post 2, line 0
    expect(s.cursor).toEqual({ post: 1, line: 0 });
    expect(s.values[2]?.choices).toEqual([201]);
    s = keys(posts, ['ArrowDown', 'ArrowDown', ' '], s); // the 另提名 box: Space is typing there
    expect(s.cursor).toEqual({ post: 1, line: 2 });
    expect(s.values[2]?.choices).toEqual([201]);
    s = keys(posts, ['ArrowLeft'], s);
    expect(s.cursor).toEqual({ post: 0, line: 0 });
  });

  it('judges a post as the server judges a paper sheet, and sends the marks in the candidates order', () => {
    const p = post(1, 4, { max_choices: 2, min_choices: 2, write_in_slots: 1 });
    expect(postVerdict(p, { choices: [], write_ins: [''] }).kind).toBe('abstained');
    expect(postVerdict(p, { choices: [101], write_ins: [] })).toEqual({
      kind: 'invalid',
      reason: '“职位1”至少推荐 2 人，现推荐了 1 人（不推荐任何人请全部留空，视为弃权）',
    });
    expect(postVerdict(p, { choices: [101], write_ins: ['外人'] }).kind).toBe('valid');
    expect(postVerdict(p, { choices: [101], write_ins: ['人选 2'] }).kind).toBe('refused');
    expect(buildPostBallots([p], { 1: { choices: [104, 101], write_ins: [' 孙丽 '] } })).toEqual([
      { post_id: 1, answers: { choices: [101, 104], write_ins: ['孙丽'] } },
    ]);
  });

  it('asks twice before a sheet with a 无效 post is sent, and a change asks again', () => {
    const posts = [post(1, 3, { max_choices: 1 })];
    const over = keys(posts, ['1', '2']);
    const first = pressPostKey(posts, over, { key: 'Enter', ctrlKey: true });
    expect(first.submit).toBeUndefined();
    expect(first.state.armed).toBe(true);
    expect(pressPostKey(posts, first.state, { key: 'Enter', ctrlKey: true }).submit).toBe(true);
    const changed = keys(posts, ['3'], first.state);
    expect(changed.armed).toBe(false);
    expect(pressPostKey(posts, changed, { key: 'Enter', ctrlKey: true }).submit).toBeUndefined();
  });
});
