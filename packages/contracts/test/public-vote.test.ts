import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { submissionBody } from '../src/public-vote';
import { PUBLIC_VOTE_DETAILS, VOTER_IDENTIFIER_PATTERN } from '../src/public-vote-types';

const valid = {
  link_id: 'q8Jx0y2HqkY3vZr1uXw-_A',
  voter_identifier: 'k3J9-xZ_p2.q~',
  submission_id: '3f1c2b9a-6d7e-4c1a-9b2f-0e8d7c6b5a41',
  ballots: [
    { poll_id: 1, target_id: 7, answers: { overall: 'good', items: {}, reverse: {} } },
    { poll_id: 3, answers: { overall: '好' } },
    { poll_id: 4, target_id: null, answers: {} },
  ],
};
const issues = (body: unknown) => {
  const r = submissionBody.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('submissionBody', () => {
  it('accepts the DESIGN.md envelope, target_id optional', () => {
    expect(submissionBody.parse(valid)).toEqual(valid);
  });

  it('names each missing field in Chinese', () => {
    for (const key of ['link_id', 'voter_identifier', 'submission_id', 'ballots'] as const) {
      const { [key]: _gone, ...rest } = valid;
      expect(issues(rest).join()).toContain(key);
    }
  });

  it('refuses unknown keys in the envelope and in an entry', () => {
    expect(issues({ ...valid, user_agent: 'x' })).toEqual(['请求体不支持字段：user_agent']);
    const entry = { ...valid, ballots: [{ ...valid.ballots[0], score: 100 }] };
    expect(issues(entry)).toEqual(['答卷不支持字段：score']);
  });

  it('checks the voter identifier: 8-128 URL-safe characters', () => {
    expect(issues({ ...valid, voter_identifier: 'abc' })).toEqual(['投票人标识至少 8 个字符']);
    expect(issues({ ...valid, voter_identifier: 'a'.repeat(129) })).toEqual([
      '投票人标识不能超过 128 个字符',
    ]);
    expect(issues({ ...valid, voter_identifier: 'abc def ghi' })).toEqual([
      '投票人标识只能包含字母、数字和 - _ . ~',
    ]);
    expect(VOTER_IDENTIFIER_PATTERN.test(crypto.randomUUID())).toBe(true);
  });

  it('checks ids, the UUID and the list', () => {
    expect(issues({ ...valid, submission_id: '42' })).toEqual(['提交编号必须是 UUID']);
    expect(issues({ ...valid, ballots: [] })).toEqual(['答卷列表不能为空']);
    expect(issues({ ...valid, ballots: [{ poll_id: '1', answers: {} }] })).toEqual([
      '问卷 ID（poll_id）必须是数字',
    ]);
    expect(issues({ ...valid, ballots: [{ poll_id: 1.5, answers: {} }] })).toEqual([
      '问卷 ID（poll_id）必须是整数',
    ]);
    expect(issues({ ...valid, ballots: [{ poll_id: 1, answers: [] }] })).toEqual(['答案必须是对象']);
    expect(issues({ ...valid, link_id: '../x' })).toEqual(['投票链接无效']);
  });
});

describe('public-vote-types', () => {
  it('loads no zod, so the voter pages can import it freely', () => {
    const source = readFileSync(new URL('../src/public-vote-types.ts', import.meta.url), 'utf8');
    const runtimeImports = source.split('\n').filter((l) => /^import (?!type )/.test(l));
    expect(runtimeImports).toEqual([]);
    expect(PUBLIC_VOTE_DETAILS.alreadyVoted).toBe('您已完成投票');
  });
});
