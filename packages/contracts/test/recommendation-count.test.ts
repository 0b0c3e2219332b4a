// 民主推荐 counting (issue 30): every figure of a post equals a plain recount of random ballots, done here
// with none of the module's helpers; per group and in total; and a few hand-counted cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyRecommendationEntry,
  countRecommendation,
  countRecommendationPost,
  sumRecommendationPost,
  type RecommendationCountEntry,
  type RecommendationCountPost,
  type RecommendationNameMerges,
  type RecommendationPostResult,
} from '../src/recommendation-count';
import { RECOMMENDATION_QUORUM_WARNING } from '../src/recommendation-rules';

const LISTED = ['王建国', '李明', '张华', '陈静', '刘洋', '欧阳晓', '赵敏', '孙丽'];
// Written-in spellings: some are one person typed differently (spaces, full-width letters, case).
const SPELLINGS = [
  '周强',
  '周 强',
  ' 周强 ',
  '吴芳',
  '吴方',
  'Tom',
  'ＴＯＭ',
  'tom ',
  '郑一',
  '王建国',
  '李 明',
];
const TARGETS = ['周强', '吴芳', 'Tom', '李明', '冯雪'];

/** The recount's own key: full-width folded, every space gone, case folded (the spellings have no dots). */
const key = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

const post = fc
  .record({
    seats: fc.integer({ min: 1, max: 4 }),
    names: fc.subarray(LISTED),
    write_in_slots: fc.integer({ min: 0, max: 3 }),
  })
  .filter((p) => p.names.length + p.write_in_slots > 0)
  .chain((p) =>
    fc
      .record({
        max_choices: fc.integer({ min: 1, max: p.names.length + p.write_in_slots }),
        min: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      })
      .map(({ max_choices, min }): RecommendationCountPost => ({
        id: 7,
        name: '副县长',
        seats: p.seats,
        max_choices,
        min_choices: min === null ? null : Math.min(min, max_choices),
        write_in_slots: p.write_in_slots,
        candidates: p.names.map((name, i) => ({ id: 100 + i, name })),
      })),
  );

const entry = (p: RecommendationCountPost): fc.Arbitrary<RecommendationCountEntry> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom<RecommendationCountEntry>(null, undefined, 'invalid') },
    {
      weight: 8,
      arbitrary: fc.record({
        choices: fc.shuffledSubarray(p.candidates.map((c) => c.id)),
        write_ins: fc.array(fc.constantFrom(...SPELLINGS, '', '  '), { maxLength: 4 }),
      }),
    },
  );

const merges: fc.Arbitrary<RecommendationNameMerges> = fc
  .subarray(SPELLINGS)
  .chain((from) =>
    fc.tuple(
      fc.constant(from),
      fc.array(fc.constantFrom(...TARGETS), { minLength: from.length, maxLength: from.length }),
    ),
  )
  .map(([from, to]) => Object.fromEntries(from.map((f, i) => [f, to[i]!])));

const case_ = post.chain((p) =>
  fc.record({
    post: fc.constant(p),
    ballots: fc.array(entry(p), { maxLength: 40 }),
    expected: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
    merges,
  }),
);

interface Recount {
  received: number;
  valid: number;
  invalid: number;
  abstained: number;
  /** Votes by candidate id or by the key of a written-in name. */
  votes: Map<number | string, number>;
}

/** The plain recount: the rules of the issue applied one ballot at a time. */
function recount(
  p: RecommendationCountPost,
  ballots: readonly RecommendationCountEntry[],
  m: RecommendationNameMerges,
): Recount {
  const r: Recount = { received: 0, valid: 0, invalid: 0, abstained: 0, votes: new Map() };
  for (const c of p.candidates) r.votes.set(c.id, 0);
  const merged = new Map(Object.entries(m).map(([from, to]) => [key(from), to]));
  for (const b of ballots) {
    r.received++;
    if (b === 'invalid') {
      r.invalid++;
      continue;
    }
    const writeIns = (b?.write_ins ?? []).filter((w) => w.trim() !== '');
    const marks = (b?.choices.length ?? 0) + writeIns.length;
    const keys = writeIns.map(key);
    const broken =
      writeIns.length > p.write_in_slots ||
      new Set(keys).size !== keys.length ||
      keys.some((k) => p.candidates.some((c) => key(c.name) === k)) ||
      marks > p.max_choices ||
      (p.min_choices !== null && marks > 0 && marks < p.min_choices);
    if (broken) {
      r.invalid++;
      continue;
    }
    r.valid++;
    if (marks === 0) {
      r.abstained++;
      continue;
    }
    const people = new Set<number | string>(b!.choices);
    for (const w of writeIns) {
      const name = merged.get(key(w)) ?? w;
      const listed = p.candidates.find((c) => key(c.name) === key(name));
      people.add(listed ? listed.id : key(name));
    }
    for (const who of people) r.votes.set(who, (r.votes.get(who) ?? 0) + 1);
  }
  return r;
}

/** Half up to two decimals of votes ÷ valid in percent, in integers. */
const share = (votes: number, valid: number) =>
  valid === 0 ? 0 : Math.floor((2 * votes * 10000 + valid) / (2 * valid)) / 100;

function expectMatches(result: RecommendationPostResult, r: Recount, expected: number | null) {
  expect(result.received).toBe(r.received);
  expect(result.valid).toBe(r.valid);
  expect(result.invalid).toBe(r.invalid);
  expect(result.abstained).toBe(r.abstained);
  expect(result.received).toBe(result.valid + result.invalid);
  expect(result.expected).toBe(expected);
  const quorum = expected === null ? null : r.received / expected >= 2 / 3 - 1e-12;
  expect(result.quorum_met).toBe(quorum);
  expect(result.warning).toBe(quorum === false ? RECOMMENDATION_QUORUM_WARNING : null);

  const got = new Map(result.candidates.map((c) => [c.candidate_id ?? key(c.name), c]));
  expect(got.size).toBe(result.candidates.length);
  expect([...got.keys()].sort()).toEqual([...r.votes.keys()].sort());
  const all = [...r.votes.values()];
  for (const [who, votes] of r.votes) {
    const c = got.get(who)!;
    expect(c.votes).toBe(votes);
    expect(c.write_in).toBe(typeof who === 'string');
    expect(c.share).toBe(share(votes, r.valid));
    expect(c.rank).toBe(1 + all.filter((v) => v > votes).length);
    expect(c.above_half).toBe(votes > r.valid / 2);
  }
  // Rows come in rank order.
  const ranks = result.candidates.map((c) => c.rank);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
}

describe('counting a post', () => {
  it('equals a plain recount of random ballots: 收回, 有效, 无效, 弃权, votes, shares, ranks, quorum, 过半数', () => {
    fc.assert(
      fc.property(case_, ({ post: p, ballots, expected, merges: m }) => {
        const result = countRecommendationPost(p, ballots, { expected, merges: m });
        expectMatches(result, recount(p, ballots, m), expected);
        expect(result.post_id).toBe(p.id);
        expect(result.seats).toBe(p.seats);
        expect(result.max_choices).toBe(p.max_choices);
      }),
      { numRuns: 300 },
    );
  });

  it('per voter group and in total: the total is the recount of all the groups’ ballots, shares from the sums', () => {
    const groups = post.chain((p) =>
      fc.record({
        post: fc.constant(p),
        merges,
        groups: fc.array(
          fc.record({
            ballots: fc.array(entry(p), { maxLength: 25 }),
            expected: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
      }),
    );
    fc.assert(
      fc.property(groups, ({ post: p, merges: m, groups: gs }) => {
        const out = countRecommendation(
          [p],
          gs.map((g, i) => ({
            vote_type_id: i + 1,
            name: `第${i + 1}组`,
            expected: g.expected,
            entries: new Map([[p.id, g.ballots]]),
          })),
          new Map([[p.id, m]]),
        );
        gs.forEach((g, i) => expectMatches(out.groups[i]!.posts[0]!, recount(p, g.ballots, m), g.expected));
        const allExpected = gs.every((g) => g.expected !== null)
          ? gs.reduce((a, g) => a + g.expected!, 0)
          : null;
        const total = out.total[0]!;
        expectMatches(
          total,
          recount(
            p,
            gs.flatMap((g) => g.ballots),
            m,
          ),
          allExpected,
        );
        // The same rows as counting all ballots at once, in the same order.
        expect(total).toEqual(
          countRecommendationPost(
            p,
            gs.flatMap((g) => g.ballots),
            { expected: allExpected, merges: m },
          ),
        );
      }),
      { numRuns: 200 },
    );
  });
});

const P: RecommendationCountPost = {
  id: 1,
  name: '办公室主任',
  seats: 1,
  max_choices: 2,
  min_choices: null,
  write_in_slots: 1,
  candidates: [
    { id: 11, name: '王建国' },
    { id: 12, name: '李明' },
    { id: 13, name: '张华' },
  ],
};

describe('counting by hand', () => {
  const ballots: RecommendationCountEntry[] = [
    { choices: [11, 12], write_ins: [] },
    { choices: [11], write_ins: ['周强'] },
    { choices: [12], write_ins: [] },
    { choices: [], write_ins: [] }, // 弃权
    { choices: [11, 12, 13], write_ins: [] }, // 3 > 2: 无效 for this post
    { choices: [13], write_ins: ['周 强'] },
  ];

  it('counts 收回 6, 有效 5 (弃权 1), 无效 1; shares of the valid ballots; ranks 1, 1, 3', () => {
    const r = countRecommendationPost(P, ballots, { expected: 9 });
    expect([r.received, r.valid, r.invalid, r.abstained]).toEqual([6, 5, 1, 1]);
    expect(r.quorum_met).toBe(true); // 6 of 9 is exactly two thirds
    expect(r.warning).toBeNull();
    expect(r.candidates).toEqual([
      { candidate_id: 11, name: '王建国', votes: 2, share: 40, rank: 1, write_in: false, above_half: false },
      { candidate_id: 12, name: '李明', votes: 2, share: 40, rank: 1, write_in: false, above_half: false },
      { candidate_id: null, name: '周强', votes: 2, share: 40, rank: 1, write_in: true, above_half: false },
      { candidate_id: 13, name: '张华', votes: 1, share: 20, rank: 4, write_in: false, above_half: false },
    ]);
  });

  it('warns below two thirds of 应到 and says nothing without 应到', () => {
    const low = countRecommendationPost(P, ballots, { expected: 10 });
    expect(low.quorum_met).toBe(false);
    expect(low.warning).toBe('到会人数未达到应到人数的三分之二');
    expect(countRecommendationPost(P, ballots).quorum_met).toBeNull();
  });

  it('rounds each share half up on its own, never nudged to 100', () => {
    const three: RecommendationCountEntry[] = [
      { choices: [11], write_ins: [] },
      { choices: [12], write_ins: [] },
      { choices: [13], write_ins: [] },
    ];
    expect(countRecommendationPost(P, three).candidates.map((c) => c.share)).toEqual([33.33, 33.33, 33.33]);
    // 1 of 8 = 12.5 %, 2 of 3 = 66.666… %: half up.
    const eight = [
      { choices: [11], write_ins: [] },
      ...Array.from({ length: 7 }, () => ({ choices: [], write_ins: [] })),
    ];
    expect(countRecommendationPost(P, eight).candidates[0]!.share).toBe(12.5);
    const r = countRecommendationPost(P, [three[0]!, three[0]!, three[1]!]);
    expect(r.candidates[0]).toMatchObject({ votes: 2, share: 66.67, above_half: true });
  });

  it('marks 过半数 only strictly above half of the valid ballots', () => {
    const half: RecommendationCountEntry[] = [
      { choices: [11], write_ins: [] },
      { choices: [12], write_ins: [] },
    ];
    expect(countRecommendationPost(P, half).candidates.map((c) => c.above_half)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('merges spellings (姓名校改) into one name, and into a listed candidate once per ballot', () => {
    const written: RecommendationCountEntry[] = [
      { choices: [11], write_ins: ['王建国同志'] },
      { choices: [], write_ins: ['吴方'] },
      { choices: [], write_ins: ['吴芳'] },
    ];
    const raw = countRecommendationPost(P, written);
    expect(raw.candidates.filter((c) => c.write_in).map((c) => [c.name, c.votes])).toEqual([
      ['吴方', 1],
      ['吴芳', 1],
      ['王建国同志', 1],
    ]);
    const merged = countRecommendationPost(P, written, { merges: { 吴方: '吴芳', 王建国同志: '王建国' } });
    expect(merged.candidates.map((c) => [c.name, c.votes, c.write_in])).toEqual([
      ['吴芳', 2, true],
      ['王建国', 1, false], // one ballot chose 王建国 and wrote him in: one vote
      ['李明', 0, false],
      ['张华', 0, false],
    ]);
  });

  it('classifies entries: none is 弃权, 无效 as keyed, over- and under-marked 无效', () => {
    const withMin = { ...P, min_choices: 2 };
    expect(classifyRecommendationEntry(P, null)).toBe('abstained');
    expect(classifyRecommendationEntry(P, 'invalid')).toBe('invalid');
    expect(classifyRecommendationEntry(P, { choices: [], write_ins: [' '] })).toBe('abstained');
    expect(classifyRecommendationEntry(P, { choices: [11, 12], write_ins: ['周强'] })).toBe('invalid');
    expect(classifyRecommendationEntry(withMin, { choices: [11], write_ins: [] })).toBe('invalid');
    expect(classifyRecommendationEntry(withMin, { choices: [], write_ins: [] })).toBe('abstained');
    expect(classifyRecommendationEntry(withMin, { choices: [11], write_ins: ['周强'] })).toBe('valid');
  });

  it('adds groups without averaging their shares', () => {
    const a = countRecommendationPost(P, [{ choices: [11], write_ins: [] }], { expected: 1 });
    const b = countRecommendationPost(
      P,
      [
        { choices: [12], write_ins: [] },
        { choices: [12], write_ins: [] },
        { choices: [11], write_ins: [] },
      ],
      { expected: 6 },
    );
    const t = sumRecommendationPost(P, [a, b]);
    // 王建国: 100 % and 33.33 % in the groups, 2 of 4 = 50 % in total (the mean would be 66.67).
    expect(t.candidates.find((c) => c.candidate_id === 11)!.share).toBe(50);
    expect([t.expected, t.received, t.quorum_met]).toEqual([7, 4, false]);
  });
});
