// 民主推荐 admin screens (issue 30): 推荐职位管理 and 民主推荐结果, against the contracts' shapes; the results
// are counted with the contracts' own counting, so the figures are the ones the server would send.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecommendationPost, RecommendationResults } from '@kaoping/contracts/recommendation';
import {
  countRecommendation,
  type RecommendationCountEntry,
  type RecommendationCountPost,
} from '@kaoping/contracts/recommendation-count';
import {
  RECOMMENDATION_QUORUM_WARNING,
  RECOMMENDATION_SHARE_NOTE,
} from '@kaoping/contracts/recommendation-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RecommendationPostsPage from '@/features/recommendation/components/posts-page';
import RecommendationResultsPage from '@/features/recommendation/components/results-page';
import { dialogTitled, mockFetch, renderAdmin, type Handler } from './render';
import { companies } from './results-fixtures';
import { twoRounds } from './rounds-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

const API = '/api/v1/admin';

const cand = (id: number, post_id: number, name: string, current_position = '', birth_date = '', i = 0) => ({
  id,
  post_id,
  name,
  current_position,
  birth_date,
  note: '',
  sort_order: i,
});

const POSTS: RecommendationPost[] = [
  {
    id: 31,
    company_id: 70,
    name: '副总经理',
    seats: 2,
    max_choices: 2,
    min_choices: null,
    write_in_slots: 1,
    candidate_order: 'surname_strokes',
    differential: true,
    is_active: true,
    sort_order: 1,
    candidates: [
      cand(101, 31, '王强', '生产部经理', '1980.05', 0),
      cand(102, 31, '李娜', '财务部经理', '1983.11', 1),
      cand(103, 31, '张伟', '营销部经理', '1979.02', 2),
    ],
    created_at: '2026-11-01T00:00:00Z',
  },
  {
    id: 32,
    company_id: 70,
    name: '总会计师',
    seats: 1,
    max_choices: 1,
    min_choices: null,
    write_in_slots: 0,
    candidate_order: 'typed',
    differential: false,
    is_active: true,
    sort_order: 2,
    candidates: [cand(201, 32, '陈静', '财务部副经理')],
    created_at: '2026-11-01T00:00:00Z',
  },
];

const postsPage = (id: number, handlers: Record<string, Handler>) =>
  mockFetch({
    [`GET ${API}/companies/`]: () => ({ body: companies(id) }),
    [`GET ${API}/companies/${id}/rounds`]: () => ({ body: twoRounds(id) }),
    ...handlers,
  });

const card = (name: string) => screen.findByRole('region', { name: `推荐职位：${name}` });

describe('推荐职位管理', () => {
  it('lists the posts with their numbers, 差额/等额, order and candidates', async () => {
    postsPage(70, { [`GET ${API}/recommendation-posts/`]: () => ({ body: POSTS }) });
    renderAdmin(<RecommendationPostsPage />, '/admin/recommendation-posts?company=70');
    const first = await card('副总经理');
    expect(within(first).getByText('差额')).toBeInTheDocument();
    expect(within(first).getAllByText('按姓氏笔画').length).toBeGreaterThan(0);
    expect(first).toHaveTextContent('职数2');
    expect(first).toHaveTextContent('最多推荐人数2');
    expect(first).toHaveTextContent('另提名栏1 栏');
    expect(first).toHaveTextContent(
      '职数 2 名，最多推荐 2 人，参考人选 3 名（差额），另提名 1 栏；按姓氏笔画排列',
    );
    const rows = within(first)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['1', '王强', '生产部经理', '1980.05', ''],
      ['2', '李娜', '财务部经理', '1983.11', ''],
      ['3', '张伟', '营销部经理', '1979.02', ''],
    ]);
    const second = await card('总会计师');
    expect(within(second).getByText('等额')).toBeInTheDocument();
    expect(within(second).getAllByText('按录入顺序').length).toBeGreaterThan(0);
    expect(second).toHaveTextContent('另提名栏不设');
  });

  it('adds a post: the numbers are checked before sending, then the body as the contract takes it', async () => {
    let list: RecommendationPost[] = [];
    const calls = postsPage(71, {
      [`GET ${API}/recommendation-posts/`]: () => ({ body: list }),
      [`POST ${API}/recommendation-posts/`]: ({ body }) => {
        const b = body as RecommendationPost;
        list = [{ ...POSTS[0]!, ...b, id: 40, candidates: POSTS[0]!.candidates }];
        return { status: 201, body: list[0] };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<RecommendationPostsPage />, '/admin/recommendation-posts?company=71');
    expect(await screen.findByText('暂无推荐职位，请添加或从 Excel 导入')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /添加推荐职位/ }));
    const dialog = await dialogTitled('添加推荐职位');
    await user.type(within(dialog).getByLabelText('推荐职位名称'), '副总经理');
    const seats = within(dialog).getByLabelText('职数');
    await user.clear(seats);
    await user.type(seats, '2');
    await user.type(within(dialog).getByLabelText('最多推荐人数'), '3');
    await user.type(within(dialog).getByLabelText('第 1 名人选姓名'), '王强');
    await user.type(within(dialog).getByLabelText('第 1 名人选现任职务'), '生产部经理');
    await user.click(within(dialog).getByRole('button', { name: /添加参考人选/ }));
    await user.type(within(dialog).getByLabelText('第 2 名人选姓名'), '李娜');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // 3 to pick from 2 candidates and no write-in slot: the contracts' own check, under its field.
    expect(
      await within(dialog).findByText('最多推荐人数（3）不能大于参考人选数与另提名栏数之和（2）'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const slots = within(dialog).getByLabelText('另提名栏数');
    await user.clear(slots);
    await user.type(slots, '1');
    await user.click(within(dialog).getByLabelText('按姓氏笔画'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      company_id: 71,
      name: '副总经理',
      seats: 2,
      max_choices: 3,
      min_choices: null,
      write_in_slots: 1,
      candidate_order: 'surname_strokes',
      is_active: true,
      candidates: [
        { name: '王强', current_position: '生产部经理', birth_date: '', note: '' },
        { name: '李娜', current_position: '', birth_date: '', note: '' },
      ],
    });
    expect(await screen.findByText('推荐职位已添加')).toBeInTheDocument();
    expect(await card('副总经理')).toBeInTheDocument();
  });

  it('edits a post keeping its candidates’ ids, and deletes only after the confirmation', async () => {
    let list = structuredClone(POSTS);
    const calls = postsPage(72, {
      [`GET ${API}/recommendation-posts/`]: () => ({ body: list }),
      [`PUT ${API}/recommendation-posts/32`]: () => ({ body: list[1] }),
      [`DELETE ${API}/recommendation-posts/31`]: () => {
        list = list.slice(1);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<RecommendationPostsPage />, '/admin/recommendation-posts?company=72');
    await user.click(within(await card('总会计师')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await dialogTitled('编辑推荐职位');
    expect(within(dialog).getByLabelText('第 1 名人选姓名')).toHaveValue('陈静');
    await user.click(within(dialog).getByRole('button', { name: /添加参考人选/ }));
    await user.type(within(dialog).getByLabelText('第 2 名人选姓名'), '刘洋');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as { company_id: number; candidates: unknown[] };
    expect(put.company_id).toBe(72);
    expect(put.candidates).toEqual([
      { id: 201, name: '陈静', current_position: '财务部副经理', birth_date: '', note: '' },
      { name: '刘洋', current_position: '', birth_date: '', note: '' },
    ]);

    await user.click(within(await card('副总经理')).getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findAllByText('删除推荐职位“副总经理”？')).at(-1)!;
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const box = confirm.closest<HTMLElement>('[role="dialog"]')!;
    expect(box).toHaveTextContent('将同时删除其 3 名参考人选');
    fireEvent.click(within(box).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.searchParams.get('company_id')).toBe('72');
    await waitFor(() => expect(screen.queryByRole('region', { name: '推荐职位：副总经理' })).toBeNull());
  });

  it('says why the list could not load and loads it on 重试', async () => {
    let fail = true;
    postsPage(73, {
      [`GET ${API}/recommendation-posts/`]: () =>
        fail ? { status: 500, body: { detail: '服务器内部错误', code: 'INTERNAL' } } : { body: POSTS },
    });
    renderAdmin(<RecommendationPostsPage />, '/admin/recommendation-posts?company=73');
    expect(await screen.findByText('获取推荐职位失败')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await card('副总经理')).toBeInTheDocument();
  });
});

// —— Results ——

const countPosts: RecommendationCountPost[] = [
  {
    id: 31,
    name: '副总经理',
    seats: 2,
    max_choices: 2,
    min_choices: null,
    write_in_slots: 1,
    candidates: [
      { id: 101, name: '王强' },
      { id: 102, name: '李娜' },
      { id: 103, name: '张伟' },
    ],
  },
];
const pick = (choices: number[], write_ins: string[] = []): RecommendationCountEntry => ({
  choices,
  write_ins,
});

/** Two groups: 班子成员 (4 of 9 expected: under ⅔) and 中层干部 (5 of 6); one 另提名 spelled twice. */
function results(): RecommendationResults {
  const counted = countRecommendation(countPosts, [
    {
      vote_type_id: 1,
      name: '班子成员',
      expected: 9,
      entries: new Map([[31, [pick([101, 102]), pick([101], ['赵敏']), pick([]), 'invalid']]]),
    },
    {
      vote_type_id: 2,
      name: '中层干部',
      expected: 6,
      entries: new Map([
        [
          31,
          [pick([101, 103]), pick([101, 102]), pick([102], ['赵 敏']), pick([101]), pick([103], ['赵明'])],
        ],
      ]),
    },
  ]);
  return {
    company: { id: 80, name: '测试单位80' },
    groups: counted.groups.map((g, i) => ({
      ...g,
      recommendation_mode: i === 0 ? 'meeting' : 'talk',
    })),
    total: { posts: counted.total },
    share_note: RECOMMENDATION_SHARE_NOTE,
    open_note: null,
    generated_at: '2026-11-26T06:00:00Z',
  };
}

const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((r) => within(r).queryAllByRole('cell').length > 0)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('民主推荐结果', () => {
  it('shows each group and the 合计 side by side: counts, quorum, votes, shares, ranks, marks, the 口径', async () => {
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(80) }),
      [`GET ${API}/companies/80/rounds`]: () => ({ body: twoRounds(80) }),
      [`GET ${API}/companies/80/recommendation-results`]: () => ({ body: results() }),
    });
    renderAdmin(<RecommendationResultsPage />, '/admin/recommendation-results?company=80');
    const post = await screen.findByRole('region', { name: '推荐结果：副总经理' });
    expect(post).toHaveTextContent('职数 2 名，最多推荐 2 人');
    // 班子成员 returned 4 of 9, and the 合计 9 of 15: under two thirds, warned; 中层干部 5 of 6 is not.
    expect(post).toHaveTextContent(`班子成员：${RECOMMENDATION_QUORUM_WARNING}（应到 9 人，收回 4 票）`);
    expect(post).toHaveTextContent(`合计：${RECOMMENDATION_QUORUM_WARNING}（应到 15 人，收回 9 票）`);
    expect(post).not.toHaveTextContent('中层干部：');
    expect(tableRows(within(post).getByRole('table', { name: '副总经理票数' }))).toEqual([
      ['班子成员（会议推荐）', '9', '4', '3', '1', '1', '未达三分之二'],
      ['中层干部（谈话调研推荐）', '6', '5', '5', '0', '0', '达到三分之二'],
      ['合计', '15', '9', '8', '1', '1', '未达三分之二'],
    ]);
    // Shares of each group's valid ballots, the 合计 worked out from the sums (王强 5 of 8, above half);
    // '赵 敏' and '赵敏' are one name, ranked 1, 2, 3, 3, 5.
    expect(tableRows(within(post).getByRole('table', { name: '副总经理得票' }))).toEqual([
      ['1', '王强', '2', '66.67%', '3', '60.00%', '5', '62.50%', '过半数'],
      ['2', '李娜', '1', '33.33%', '2', '40.00%', '3', '37.50%', ''],
      ['3', '张伟', '0', '0.00%', '2', '40.00%', '2', '25.00%', ''],
      ['3', '赵敏另提名', '1', '33.33%', '1', '20.00%', '2', '25.00%', ''],
      ['5', '赵明另提名', '0', '0.00%', '1', '20.00%', '1', '12.50%', ''],
    ]);
    for (const h of ['班子成员', '中层干部', '合计'])
      expect(within(post).getAllByRole('columnheader', { name: h }).length).toBeGreaterThan(0);
    expect(post).toHaveTextContent(`口径：${RECOMMENDATION_SHARE_NOTE}`);
  });

  it('marks 过半数, says when nothing is closed yet, and sends a 姓名校改', async () => {
    const data = results();
    // Only 中层干部: 王强 3 of 5 valid is above half.
    const single: RecommendationResults = {
      ...data,
      groups: [data.groups[1]!],
      total: { posts: data.groups[1]!.posts },
      open_note: '“班子成员”尚未结束投票，未计入结果',
    };
    let merged = false;
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(81, 82) }),
      [`GET ${API}/companies/81/rounds`]: () => ({ body: twoRounds(81) }),
      [`GET ${API}/companies/81/recommendation-results`]: () => ({ body: single }),
      [`GET ${API}/companies/82/recommendation-results`]: () => ({
        body: { ...data, groups: [], total: { posts: [] }, open_note: null },
      }),
      [`POST ${API}/recommendation-posts/name-merges`]: () => {
        merged = true;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderAdmin(<RecommendationResultsPage />, '/admin/recommendation-results?company=81');
    const post = await screen.findByRole('region', { name: '推荐结果：副总经理' });
    expect(screen.getByText('“班子成员”尚未结束投票，未计入结果')).toBeInTheDocument();
    const first = tableRows(within(post).getByRole('table', { name: '副总经理得票' }))[0];
    expect(first).toEqual(['1', '王强', '3', '60.00%', '过半数']);

    await user.click(screen.getByRole('button', { name: /姓名校改/ }));
    const dialog = await dialogTitled('姓名校改');
    await user.click(within(dialog).getByLabelText('赵敏（1 票）'));
    await user.click(within(dialog).getByLabelText('赵明（1 票）'));
    await user.type(within(dialog).getByLabelText('校改后的姓名'), '赵敏');
    await user.click(within(dialog).getByRole('button', { name: /校\s*改/ }));
    await waitFor(() => expect(merged).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      company_id: 81,
      post_id: 31,
      spellings: ['赵敏', '赵明'],
      name: '赵敏',
    });
    expect(await screen.findByText('已将 2 种写法校改为“赵敏”')).toBeInTheDocument();
  });

  it('says when there is nothing closed to show, and why a load failed', async () => {
    const data = results();
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(82, 83) }),
      [`GET ${API}/companies/82/recommendation-results`]: () => ({
        body: { ...data, groups: [], total: { posts: [] } },
      }),
      [`GET ${API}/companies/83/recommendation-results`]: () => ({
        status: 403,
        body: { detail: '无权查看该单位的结果', code: 'FORBIDDEN' },
      }),
    });
    renderAdmin(<RecommendationResultsPage />, '/admin/recommendation-results?company=82');
    expect(await screen.findByText('暂无已结束的民主推荐投票，结束投票后可查看结果')).toBeInTheDocument();
    renderAdmin(<RecommendationResultsPage />, '/admin/recommendation-results?company=83');
    expect(await screen.findByText('获取民主推荐结果失败')).toBeInTheDocument();
    expect(screen.getByText('无权查看该单位的结果')).toBeInTheDocument();
  });
});

/** A window `px` wide as antd's breakpoints read it (jsdom matches no media query); answers the undo. */
function atWidth(px: number) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: (!min || px >= Number(min[1])) && (!max || px <= Number(max[1])),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('民主推荐结果 on a phone (360 px)', () => {
  it('folds each table into three columns: the ballots in one cell, a name’s total with each group’s under it', async () => {
    const restore = atWidth(360);
    try {
      mockFetch({
        [`GET ${API}/companies/`]: () => ({ body: companies(84) }),
        [`GET ${API}/companies/84/rounds`]: () => ({ body: twoRounds(84) }),
        [`GET ${API}/companies/84/recommendation-results`]: () => ({ body: results() }),
      });
      renderAdmin(<RecommendationResultsPage />, '/admin/recommendation-results?company=84');
      const post = await screen.findByRole('region', { name: '推荐结果：副总经理' });
      const counts = within(post).getByRole('table', { name: '副总经理票数' });
      await waitFor(() => expect(within(counts).getAllByRole('columnheader')).toHaveLength(2));
      expect(tableRows(counts)).toEqual([
        ['班子成员（会议推荐）', '应到 9 · 收回 4有效 3 · 无效 1 · 弃权 1未达三分之二'],
        ['中层干部（谈话调研推荐）', '应到 6 · 收回 5有效 5 · 无效 0 · 弃权 0达到三分之二'],
        ['合计', '应到 15 · 收回 9有效 8 · 无效 1 · 弃权 1未达三分之二'],
      ]);
      const votes = within(post).getByRole('table', { name: '副总经理得票' });
      expect(
        within(votes)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['名次', '姓名', '得票（合计）']);
      expect(tableRows(votes)).toEqual([
        ['1', '王强过半数', '5 票 62.50%班子成员 2 票 66.67%中层干部 3 票 60.00%'],
        ['2', '李娜', '3 票 37.50%班子成员 1 票 33.33%中层干部 2 票 40.00%'],
        ['3', '张伟', '2 票 25.00%班子成员 0 票 0.00%中层干部 2 票 40.00%'],
        ['3', '赵敏另提名', '2 票 25.00%班子成员 1 票 33.33%中层干部 1 票 20.00%'],
        ['5', '赵明另提名', '1 票 12.50%班子成员 0 票 0.00%中层干部 1 票 20.00%'],
      ]);
      expect(post).toHaveTextContent('职数 2 名，最多推荐 2 人');
      expect(post).toHaveTextContent(`口径：${RECOMMENDATION_SHARE_NOTE}`);
    } finally {
      restore();
    }
  });
});
