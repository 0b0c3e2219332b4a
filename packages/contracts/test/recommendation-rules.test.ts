// 民主推荐 rules and schemas (issue 30): one post's answers on a phone and on paper, the ballot as a whole,
// names made comparable, the error codes, the admin bodies with their defaults, and the voter's import.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERRORS, errorDetail, type ErrorCode } from '../src/errors';
import {
  recommendationBallotEntryInput,
  recommendationNameMergeBody,
  recommendationPostCreateBody,
  recommendationPostUpdateBody,
} from '../src/recommendation';
import {
  ballotInstruction,
  checkRecommendationBallot,
  checkRecommendationEntry,
  isDifferential,
  nameKey,
  normalizeName,
  postNumbersProblems,
  postRuleLine,
  quorumMet,
  RECOMMENDATION_BALLOT_DETAILS,
  RECOMMENDATION_DETAILS,
  type RecommendationPostRule,
} from '../src/recommendation-rules';

const POST: RecommendationPostRule = {
  id: 3,
  name: '副局长',
  max_choices: 2,
  min_choices: null,
  write_in_slots: 2,
  candidates: [
    { id: 31, name: '王建国' },
    { id: 32, name: '李明' },
    { id: 33, name: '欧阳晓' },
  ],
};
const refusalOf = (p: RecommendationPostRule, choices: number[], write_ins: string[]) => {
  const r = checkRecommendationEntry(p, { choices, write_ins });
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r)}`);
  return r.refusal;
};

describe('one post of one ballot', () => {
  it('takes up to max_choices, an empty post as 弃权, and cleans the write-ins it keeps', () => {
    expect(checkRecommendationEntry(POST, { choices: [31], write_ins: ['  周 强 ', ''] })).toEqual({
      ok: true,
      status: 'valid',
      data: { choices: [31], write_ins: ['周强'] },
      reason: null,
    });
    expect(checkRecommendationEntry(POST, { choices: [], write_ins: ['', ' '] })).toMatchObject({
      ok: true,
      status: 'abstained',
      data: { choices: [], write_ins: [] },
    });
  });

  it('refuses more than max_choices on a phone, counting write-ins, with the post named', () => {
    const r = refusalOf(POST, [31, 32], ['周强']);
    expect(r.code).toBe('RECOMMENDATION_TOO_MANY');
    expect(r.detail).toBe('“副局长”最多推荐 2 人，现推荐了 3 人');
  });

  it('refuses fewer than min_choices when something is chosen, never an empty post', () => {
    const p = { ...POST, max_choices: 3, min_choices: 2 };
    expect(refusalOf(p, [31], []).detail).toBe(
      '“副局长”至少推荐 2 人，现推荐了 1 人（不推荐任何人请全部留空，视为弃权）',
    );
    expect(checkRecommendationEntry(p, { choices: [], write_ins: [] })).toMatchObject({
      ok: true,
      status: 'abstained',
    });
  });

  it('refuses a write-in that repeats a listed candidate or another write-in, after normalising', () => {
    expect(refusalOf(POST, [], ['李 明'])).toMatchObject({
      code: 'RECOMMENDATION_WRITE_IN_LISTED',
      detail: '“副局长”的另提名人选“李明”已在参考人选中，请直接选择该人选，不要另行填写',
    });
    expect(refusalOf(POST, [], ['Tom', 'ＴＯＭ'])).toMatchObject({
      code: 'RECOMMENDATION_DUPLICATE_WRITE_IN',
      detail: '“副局长”的另提名人选“TOM”填写了两次',
    });
    expect(refusalOf(POST, [], ['周强', '　周强'])).toMatchObject({
      code: 'RECOMMENDATION_DUPLICATE_WRITE_IN',
    });
  });

  it('refuses unknown and repeated choices, and write-ins beyond the slots', () => {
    expect(refusalOf(POST, [31, 99, 99], [])).toMatchObject({
      code: 'RECOMMENDATION_UNKNOWN_CANDIDATE',
      detail: '“副局长”中没有所选的参考人选（ID 99），请刷新页面后重新选择',
    });
    expect(refusalOf(POST, [31, 31], []).code).toBe('RECOMMENDATION_DUPLICATE_CHOICE');
    expect(refusalOf({ ...POST, write_in_slots: 0 }, [], ['周强']).code).toBe('RECOMMENDATION_NO_WRITE_INS');
    expect(refusalOf({ ...POST, write_in_slots: 1 }, [], ['周强', '吴芳'])).toMatchObject({
      code: 'RECOMMENDATION_TOO_MANY_WRITE_INS',
      detail: '“副局长”最多另提名 1 人，现填写了 2 人',
    });
    expect(refusalOf(POST, [], ['张'.repeat(51)]).code).toBe('RECOMMENDATION_WRITE_IN_TOO_LONG');
  });

  it('on paper takes an over- or under-marked post as 无效 for that post, with the reason', () => {
    const over = checkRecommendationEntry(POST, { choices: [31, 32, 33], write_ins: [] }, 'paper');
    expect(over).toMatchObject({ ok: true, status: 'invalid', reason: { code: 'RECOMMENDATION_TOO_MANY' } });
    const under = checkRecommendationEntry(
      { ...POST, min_choices: 2 },
      { choices: [31], write_ins: [] },
      'paper',
    );
    expect(under).toMatchObject({ ok: true, status: 'invalid', reason: { code: 'RECOMMENDATION_TOO_FEW' } });
    // What the keyer can correct is still refused.
    expect(checkRecommendationEntry(POST, { choices: [], write_ins: ['李明'] }, 'paper').ok).toBe(false);
  });

  it('matches a plain statement of the rules over random answers', () => {
    const names = ['王建国', '李明', '李 明', '周强', '周 强', 'Tom', 'ＴＯＭ', '吴芳', ''];
    const key = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
    const arb = fc.record({
      max: fc.integer({ min: 1, max: 5 }),
      min: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      slots: fc.integer({ min: 0, max: 3 }),
      choices: fc.array(fc.constantFrom(31, 32, 33, 34), { maxLength: 5 }),
      write_ins: fc.array(fc.constantFrom(...names), { maxLength: 4 }),
      paper: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const post = { ...POST, max_choices: a.max, min_choices: a.min, write_in_slots: a.slots };
        const r = checkRecommendationEntry(
          post,
          { choices: a.choices, write_ins: a.write_ins },
          a.paper ? 'paper' : 'phone',
        );
        const writeIns = a.write_ins.filter((w) => w.trim() !== '');
        const keys = writeIns.map(key);
        const marks = a.choices.length + writeIns.length;
        const correctable =
          a.choices.includes(34) ||
          new Set(a.choices).size !== a.choices.length ||
          writeIns.length > a.slots ||
          keys.some((k) => ['王建国', '李明', '欧阳晓'].includes(k)) ||
          new Set(keys).size !== keys.length;
        const miscounted = marks > a.max || (a.min !== null && marks > 0 && marks < a.min);
        if (correctable || (miscounted && !a.paper)) {
          expect(r.ok).toBe(false);
          if (!r.ok) expect(errorDetail(r.refusal.code, r.refusal.params)).toBe(r.refusal.detail);
        } else {
          expect(r.ok).toBe(true);
          if (r.ok) expect(r.status).toBe(miscounted ? 'invalid' : marks === 0 ? 'abstained' : 'valid');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a whole ballot', () => {
  const OTHER: RecommendationPostRule = {
    ...POST,
    id: 4,
    name: '办公室主任',
    candidates: [{ id: 41, name: '张华' }],
  };
  it('needs one entry per active post and gives them back in the posts’ order', () => {
    const ok = checkRecommendationBallot(
      [POST, OTHER],
      [
        { post_id: 4, answers: { choices: [], write_ins: [] } },
        { post_id: 3, answers: { choices: [31], write_ins: [] } },
      ],
    );
    expect(ok).toEqual({
      ok: true,
      entries: [
        { post_id: 3, status: 'valid', data: { choices: [31], write_ins: [] } },
        { post_id: 4, status: 'abstained', data: { choices: [], write_ins: [] } },
      ],
    });
  });
  it('refuses an unknown, a repeated or a missing post, and the first broken post', () => {
    const empty = { choices: [], write_ins: [] };
    const code = (entries: { post_id: number; answers: { choices: number[]; write_ins: string[] } }[]) => {
      const r = checkRecommendationBallot([POST, OTHER], entries);
      return r.ok ? null : [r.refusal.code, r.refusal.detail];
    };
    expect(code([{ post_id: 9, answers: empty }])).toEqual([
      'RECOMMENDATION_POST_UNKNOWN',
      '推荐职位（ID 9）不存在或已停用，请刷新页面后重新投票',
    ]);
    expect(
      code([
        { post_id: 3, answers: empty },
        { post_id: 3, answers: empty },
      ])?.[0],
    ).toBe('RECOMMENDATION_POST_TWICE');
    expect(code([{ post_id: 3, answers: empty }])).toEqual([
      'RECOMMENDATION_POST_MISSING',
      '缺少推荐职位“办公室主任”的答卷（不推荐任何人请留空，视为弃权）',
    ]);
    expect(
      code([
        { post_id: 3, answers: empty },
        { post_id: 4, answers: { choices: [41], write_ins: ['张 华'] } },
      ])?.[0],
    ).toBe('RECOMMENDATION_WRITE_IN_LISTED');
  });
});

describe('names made comparable', () => {
  it('folds full-width forms, spaces and middle dots', () => {
    expect(normalizeName('  张 三 ')).toBe('张三');
    expect(normalizeName('ＡＢ　Ｃ')).toBe('AB C');
    expect(normalizeName('买买提・艾力')).toBe('买买提·艾力');
    expect(normalizeName('买买提 • 艾力')).toBe('买买提·艾力');
    expect(nameKey('Tom')).toBe(nameKey('ＴＯＭ'));
    expect(nameKey('张三')).not.toBe(nameKey('张叁'));
  });
});

describe('a post’s figures of speech', () => {
  it('says 差额 when there are more candidates than seats, and the ballot’s instruction', () => {
    expect(isDifferential({ seats: 2, candidates: [1, 2, 3] })).toBe(true);
    expect(isDifferential({ seats: 3, candidates: [1, 2, 3] })).toBe(false);
    expect(
      postRuleLine({
        seats: 2,
        max_choices: 2,
        min_choices: null,
        write_in_slots: 1,
        candidates: [1, 2, 3, 4, 5],
      }),
    ).toBe('职数 2 名，最多推荐 2 人，参考人选 5 名（差额），另提名 1 栏');
    expect(ballotInstruction(3)).toBe('在同意推荐的人选姓名后的方框内划“○”，不划的视为不推荐；最多推荐 3 人');
  });
  it('meets the quorum at two thirds exactly', () => {
    expect(quorumMet(20, 30)).toBe(true);
    expect(quorumMet(19, 30)).toBe(false);
    expect(quorumMet(1, 2)).toBe(false);
    expect(quorumMet(5, null)).toBeNull();
  });
});

describe('the error codes of the family', () => {
  const codes = [
    ...Object.keys(RECOMMENDATION_DETAILS),
    ...Object.keys(RECOMMENDATION_BALLOT_DETAILS),
  ] as ErrorCode[];
  it('are in the table as 422 with the same Chinese detail, placeholders filled by errorDetail', () => {
    for (const code of codes) {
      expect(ERRORS[code]).toBeDefined();
      expect(ERRORS[code].status).toBe(422);
      expect(ERRORS[code].detail).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(ERRORS.RECOMMENDATION_POST_NOT_FOUND).toEqual({ status: 404, detail: '推荐职位不存在' });
    expect(errorDetail('RECOMMENDATION_TOO_MANY', { post: '副局长', max: 2, count: 3 })).toBe(
      '“副局长”最多推荐 2 人，现推荐了 3 人',
    );
  });
  it('keep the table one code per refusal', () => {
    const seen = new Set(Object.values(ERRORS).map((e) => `${e.status} ${e.detail}`));
    expect(seen.size).toBe(Object.keys(ERRORS).length);
  });
});

describe('the admin bodies', () => {
  const body = {
    company_id: 1,
    name: '副局长',
    seats: 2,
    candidates: [{ name: '王建国' }, { name: '李明', current_position: '办公室主任' }, { name: '张华' }],
  };
  it('default max_choices to seats, write_in_slots to 0, min_choices to none, the order to as typed', () => {
    const v = recommendationPostCreateBody.parse(body);
    expect(v).toMatchObject({
      max_choices: 2,
      min_choices: null,
      write_in_slots: 0,
      candidate_order: 'typed',
      is_active: true,
    });
    expect(v.candidates[1]).toEqual({
      name: '李明',
      current_position: '办公室主任',
      birth_date: '',
      note: '',
    });
  });
  const issue = (
    schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
    v: unknown,
  ) =>
    schema
      .safeParse(v)
      .error?.issues.map((i) => i.message)
      .join('；');
  it('refuse bad posts in Chinese', () => {
    expect(issue(recommendationPostCreateBody, { ...body, seats: 0 })).toBe('职数不能小于 1');
    expect(issue(recommendationPostCreateBody, { ...body, max_choices: 2, min_choices: 3 })).toBe(
      '最少推荐人数不能大于最多推荐人数',
    );
    expect(issue(recommendationPostCreateBody, { ...body, max_choices: 4 })).toBe(
      '最多推荐人数（4）不能大于参考人选数与另提名栏数之和（3）',
    );
    expect(issue(recommendationPostCreateBody, { ...body, candidates: [] })).toBe(
      '请至少添加一名参考人选，或设置另提名栏',
    );
    expect(
      issue(recommendationPostCreateBody, { ...body, candidates: [{ name: '李明' }, { name: '李 明' }] }),
    ).toBe('参考人选“李 明”重复');
    expect(issue(recommendationPostCreateBody, { ...body, seat: 2 })).toMatch(/不支持字段：seat/);
    expect(
      recommendationPostCreateBody.safeParse({ ...body, candidates: [], write_in_slots: 2 }).success,
    ).toBe(true);
  });
  it('update: any field, candidates kept by id, at least one change', () => {
    expect(
      recommendationPostUpdateBody.parse({ candidates: [{ id: 5, name: '王建国' }, { name: '赵敏' }] })
        .candidates,
    ).toHaveLength(2);
    expect(
      issue(recommendationPostUpdateBody, {
        candidates: [
          { id: 5, name: '甲' },
          { id: 5, name: '乙' },
        ],
      }),
    ).toBe('参考人选 ID 重复');
    expect(issue(recommendationPostUpdateBody, { company_id: 1 })).toBe('没有要修改的内容');
    expect(recommendationPostUpdateBody.parse({ min_choices: null })).toEqual({ min_choices: null });
  });
  it('the numbers of a post as the server merges an update into it', () => {
    const stored = { seats: 2, max_choices: 2, min_choices: null, write_in_slots: 0, candidates: [1, 2, 3] };
    expect(postNumbersProblems(stored)).toEqual([]);
    expect(postNumbersProblems({ ...stored, max_choices: 4 })).toEqual([
      { field: 'max_choices', message: '最多推荐人数（4）不能大于参考人选数与另提名栏数之和（3）' },
    ]);
    expect(postNumbersProblems({ ...stored, min_choices: 3 })).toEqual([
      { field: 'min_choices', message: '最少推荐人数不能大于最多推荐人数' },
    ]);
    expect(postNumbersProblems({ ...stored, candidates: [] })).toEqual([
      { field: 'candidates', message: '请至少添加一名参考人选，或设置另提名栏' },
    ]);
  });
  it('the ballot entry and 姓名校改', () => {
    const entry = { post_id: 12, answers: { choices: [3, 4], write_ins: ['姓名'] } };
    expect(recommendationBallotEntryInput.parse(entry)).toEqual(entry);
    expect(issue(recommendationBallotEntryInput, { post_id: 12, answers: { choices: [] } })).toBe(
      '缺少另提名人选（write_ins）',
    );
    expect(
      issue(recommendationBallotEntryInput, { post_id: 12, answers: { choices: ['3'], write_ins: [] } }),
    ).toBe('参考人选 ID必须是数字');
    expect(
      recommendationNameMergeBody.parse({ company_id: 1, post_id: 2, spellings: ['吴方'], name: '吴芳' }),
    ).toMatchObject({ spellings: ['吴方'], name: '吴芳' });
  });
});

describe('what the voter pages import', () => {
  it('the rules file loads neither zod nor the stroke data (types from errors.ts only)', () => {
    const src = readFileSync(path.resolve(import.meta.dirname, '../src/recommendation-rules.ts'), 'utf8');
    const imports = src.split('\n').filter((l) => /^import\b/.test(l));
    expect(imports).toEqual(["import type { ErrorCode } from './errors';"]);
  });
});
