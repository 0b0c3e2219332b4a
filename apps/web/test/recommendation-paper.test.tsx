// 纸质票录入 of 民主推荐 (issue 30): a 会议推荐 sheet keyed post by post (marks by 序号, 另提名, the count
// against 最多推荐, 无效 and 弃权 said before saving), the side-by-side of two entries, and 谈话调研推荐
// records keyed by 谈话序号.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminProviders } from '@/app/admin/admin-providers';
import PaperEntryPage from '@/features/paper-entry/components/paper-entry-page';
import type { PaperForm } from '@kaoping/contracts/paper-ballots';
import { appraisalForm, storedSheet } from './paper-fixtures';
import { dialogTitled, mockFetch, renderRoutes, type Handler } from './render';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
let id = 800;
beforeEach(() => {
  id += 1;
});

const candidate = (cid: number, name: string, current_position = '') => ({
  id: cid,
  name,
  current_position,
  birth_date: '',
  note: '',
});

/** 副总经理: 2 seats among 3 (差额), one 另提名 box; 总会计师: 1 seat among 2, no box. */
const recommendationForm = (vt: number, over: Partial<PaperForm> = {}): PaperForm => ({
  ...appraisalForm(vt),
  name: '中层干部推荐',
  form_category: 'democratic_recommendation',
  access_mode: 'link',
  polls: [],
  targets: [],
  posts: [
    {
      id: 7,
      name: '副总经理',
      seats: 2,
      max_choices: 2,
      min_choices: null,
      write_in_slots: 1,
      differential: true,
      sort_order: 0,
      candidates: [candidate(71, '王芳', '总经理助理'), candidate(72, '李强'), candidate(73, '张伟')],
    },
    {
      id: 8,
      name: '总会计师',
      seats: 1,
      max_choices: 1,
      min_choices: null,
      write_in_slots: 0,
      differential: true,
      sort_order: 1,
      candidates: [candidate(81, '陈静'), candidate(82, '刘洋')],
    },
  ],
  recommendation_mode: 'meeting',
  ...over,
});

const emptyList = { items: [], total: 0, counts: recommendationForm(0).counts };

function renderEntry(form: PaperForm, handlers: Record<string, Handler> = {}) {
  const calls = mockFetch({
    [`GET ${API}/vote-types/${id}/paper/form`]: () => ({ body: form }),
    [`GET ${API}/vote-types/${id}/paper/sheets`]: () => ({ body: emptyList }),
    ...handlers,
  });
  renderRoutes(
    [
      {
        path: '/admin/vote-types/:voteTypeId/paper',
        element: (
          <AdminProviders>
            <PaperEntryPage />
          </AdminProviders>
        ),
      },
    ],
    `/admin/vote-types/${id}/paper?company=${id}`,
  );
  return calls;
}

const newSheet = (typed: string, label = `编号 ${typed}`) => ({
  [`GET ${API}/vote-types/${id}/paper/sheets/${typed}`]: () => ({
    body: { key: typed, label, state: 'new', can_enter: true },
  }),
});

const keyField = () => screen.getByRole('textbox', { name: /编号|谈话序号/ });
const grid = () => screen.getByRole('group', { name: '推荐票录入区' });
const post = (pid: number) => screen.getByTestId(`post-${pid}`);
const count = (pid: number) => screen.getByTestId(`post-count-${pid}`);

describe('民主推荐 paper sheet: keyboard only', () => {
  it('counts the marks against 最多推荐, says 无效 before saving, and stores it on the second submit', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const calls = renderEntry(recommendationForm(id, { double_entry: true }), {
      ...newSheet('12'),
      [`POST ${API}/vote-types/${id}/paper/sheets`]: (req) => {
        posted.push(req.body);
        return { status: 201, body: storedSheet({ key: '12', label: '编号 12', state: 'pending' }) };
      },
    });
    await waitFor(() => expect(keyField()).toHaveFocus());
    expect(screen.getByText('会议推荐')).toBeInTheDocument();
    expect(
      within(post(7)).getByText(/职数 2 名，最多推荐 2 人，参考人选 3 名（差额），另提名 1 栏/),
    ).toBeInTheDocument();

    await user.keyboard('12{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    // Marks by the 序号 printed on the sheet: 3 张伟, then 1 王芳.
    await user.keyboard('3');
    expect(count(7)).toHaveTextContent('已推荐 1 / 最多 2 人');
    await user.keyboard('1');
    expect(count(7)).toHaveTextContent('已推荐 2 / 最多 2 人');
    expect(within(post(7)).getByLabelText('王芳 已推荐')).toHaveTextContent('○');
    expect(within(post(7)).getByLabelText('李强 未推荐')).toBeInTheDocument();
    // A third mark: over the limit, said on the post at once.
    await user.keyboard('2');
    expect(count(7)).toHaveTextContent('已推荐 3 / 最多 2 人');
    expect(screen.getByTestId('post-verdict-7')).toHaveTextContent(
      '推荐了 3 人，超过最多推荐 2 人：保存后本职位记为无效票，其他职位照常计票',
    );
    expect(within(post(7)).getByText('无效')).toBeInTheDocument();

    // Enter: the 另提名 box (left empty), then the next post, left empty: 弃权.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '副总经理 另提名 1' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    expect(screen.getByTestId('post-verdict-8')).toHaveTextContent('未推荐任何人：本职位记为弃权');
    expect(screen.getByTestId('rec-summary')).toHaveTextContent('2 个职位：有效 0，弃权 1，无效 1');

    // The last Enter asks to submit: the first time it only warns.
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('rec-hint')).toHaveTextContent(
      '有 1 个职位将记为无效票（见红色提示）。核对原票无误后，再按一次提交即保存',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() => expect(posted).toHaveLength(1));
    // The marks in the candidates' order, whatever order they were keyed in; an empty post sent empty.
    expect(posted[0]).toEqual({
      key: '12',
      ballots: [
        { post_id: 7, answers: { choices: [71, 72, 73], write_ins: [] } },
        { post_id: 8, answers: { choices: [], write_ins: [] } },
      ],
    });
    expect(await screen.findByText('编号 12 已录入，待第二人录入')).toBeInTheDocument();
    await waitFor(() => expect(keyField()).toHaveFocus());
    expect(count(7)).toHaveTextContent('已推荐 0 / 最多 2 人');
  });

  it('counts a 另提名 name, refuses a listed one before sending, and takes marks back', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const calls = renderEntry(recommendationForm(id), {
      ...newSheet('5'),
      [`POST ${API}/vote-types/${id}/paper/sheets`]: (req) => {
        posted.push(req.body);
        return { status: 201, body: storedSheet({ key: '5', label: '编号 5', state: 'counted' }) };
      },
    });
    await waitFor(() => expect(keyField()).toHaveFocus());
    await user.keyboard('5{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    // 2 and 3 marked, Backspace takes the last (3) back.
    await user.keyboard('23{Backspace}');
    expect(count(7)).toHaveTextContent('已推荐 1 / 最多 2 人');
    expect(within(post(7)).getByLabelText('张伟 未推荐')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const box = screen.getByRole('textbox', { name: '副总经理 另提名 1' });
    await waitFor(() => expect(box).toHaveFocus());
    // A name already listed is what the keyer must correct: the server would refuse it.
    await user.keyboard('王 芳');
    expect(count(7)).toHaveTextContent('已推荐 2 / 最多 2 人');
    expect(screen.getByTestId('post-verdict-7')).toHaveTextContent(
      '“副总经理”的另提名人选“王芳”已在参考人选中，请直接选择该人选，不要另行填写',
    );
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByTestId('rec-hint')).toHaveTextContent('请先改正');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, '孙丽');
    expect(screen.queryByTestId('post-verdict-7')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    // 总会计师: 2 刘洋; clicking a row marks it too (陈静), the post is then over its one seat…
    await user.keyboard('2');
    fireEvent.mouseDown(within(post(8)).getByText('陈静'));
    expect(count(8)).toHaveTextContent('已推荐 2 / 最多 1 人');
    // …and Delete clears the post, then 1 marks 陈静 alone.
    fireEvent.keyDown(grid(), { key: 'Delete' });
    await user.keyboard('1');
    expect(count(8)).toHaveTextContent('已推荐 1 / 最多 1 人');
    fireEvent.click(screen.getByRole('button', { name: '提交（Ctrl+Enter）' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      key: '5',
      ballots: [
        { post_id: 7, answers: { choices: [72], write_ins: ['孙丽'] } },
        { post_id: 8, answers: { choices: [81], write_ins: [] } },
      ],
    });
    expect(await screen.findByText('编号 5 已计票')).toBeInTheDocument();
  });

  it('shows two entries of a sheet side by side, post by post, and settles it', async () => {
    const user = userEvent.setup();
    const settled: unknown[] = [];
    const first = [
      { post_id: 7, answers: { choices: [71, 72], write_ins: [] } },
      { post_id: 8, answers: { choices: [81], write_ins: [] } },
    ];
    const second = [
      { post_id: 7, answers: { choices: [71], write_ins: ['孙丽'] } },
      { post_id: 8, answers: { choices: [81], write_ins: [] } },
    ];
    const sheet = {
      id: 3,
      key: '9',
      label: '编号 9',
      state: 'conflict' as const,
      entered_at: '2026-11-23T09:30:00Z',
      entries: 2 as const,
    };
    renderEntry(recommendationForm(id, { double_entry: true }), {
      [`GET ${API}/vote-types/${id}/paper/sheets`]: () => ({
        body: { ...emptyList, items: [sheet], total: 1 },
      }),
      [`GET ${API}/vote-types/${id}/paper/sheets/9/detail`]: () => ({
        body: storedSheet({ ...sheet, first, second, entered_by_me: false }),
      }),
      [`PUT ${API}/vote-types/${id}/paper/sheets/9`]: (req) => {
        settled.push(req.body);
        return { body: storedSheet({ ...sheet, state: 'counted' }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: '核对' }));
    const dialog = await dialogTitled('核对 编号 9：两次录入不一致');
    expect(within(dialog).getByText('2 处不一致')).toBeInTheDocument();
    const marks = within(dialog).getByText('副总经理 · 推荐').closest('tr')!;
    expect(marks).toHaveTextContent('1 王芳、2 李强');
    expect(marks).toHaveTextContent('1 王芳');
    const writeIns = within(dialog).getByText('副总经理 · 另提名').closest('tr')!;
    expect(writeIns).toHaveTextContent('（空）');
    expect(writeIns).toHaveTextContent('孙丽');
    expect(within(dialog).queryByText('总会计师 · 推荐')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '采用第二次录入' }));
    await waitFor(() => expect(settled).toEqual([{ ballots: second }]));
  });

  it('says so when the vote type has no 推荐职位 yet', async () => {
    renderEntry(recommendationForm(id, { posts: [] }));
    expect(await screen.findByText(/该投票类型暂无可录入的推荐职位/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去添加推荐职位' })).toBeInTheDocument();
  });
});

describe('谈话调研推荐 records', () => {
  it('keys one record per talk by its 谈话序号, counts it at once and offers the next number', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const record = { id: 1, key: '1', label: '编号 1', state: 'counted' as const };
    renderEntry(recommendationForm(id, { recommendation_mode: 'talk' }), {
      ...newSheet('1'),
      [`POST ${API}/vote-types/${id}/paper/sheets`]: (req) => {
        posted.push(req.body);
        return { status: 201, body: storedSheet(record) };
      },
      [`GET ${API}/vote-types/${id}/paper/sheets/2`]: () => ({
        body: { key: '2', label: '编号 2', state: 'counted', can_enter: false },
      }),
    });
    expect(await screen.findByRole('heading', { name: '录入谈话记录' })).toBeInTheDocument();
    expect(screen.getByText('谈话调研推荐')).toBeInTheDocument();
    expect(screen.getByText(/每次谈话录入一条记录，单人录入，保存即计入结果/)).toBeInTheDocument();
    expect(screen.queryByText(/尚未打印带编号的纸质选票/)).toBeNull();
    const counts = screen.getByLabelText('谈话记录统计');
    expect(within(counts).getByText('谈话记录已计入')).toBeInTheDocument();
    expect(within(counts).queryByText('线上投票')).toBeNull();
    expect(screen.getByText('尚未录入谈话记录')).toBeInTheDocument();
    await waitFor(() => expect(keyField()).toHaveFocus());
    expect(keyField()).toHaveAccessibleName('谈话序号');

    await user.keyboard('1{Enter}');
    expect(await screen.findByText('谈话序号 1：可以录入')).toBeInTheDocument();
    await waitFor(() => expect(grid()).toHaveFocus());
    await user.keyboard('1{Enter}{Enter}2{Enter}');

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      key: '1',
      ballots: [
        { post_id: 7, answers: { choices: [71], write_ins: [] } },
        { post_id: 8, answers: { choices: [82], write_ins: [] } },
      ],
    });
    expect(await screen.findByText('谈话序号 1 已计票')).toBeInTheDocument();
    // The next talk's number is offered; one already keyed is refused by its 谈话序号.
    await waitFor(() => expect(keyField()).toHaveValue('2'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('谈话序号 2 已录入并计票')).toBeInTheDocument();
  });
  it('shows the server’s refusal in the words of 谈话记录 when the 谈话序号 was keyed meanwhile', async () => {
    const user = userEvent.setup();
    const detail = '谈话序号 5 的谈话记录已录入并计入结果；如需修改请在已录入的谈话记录中“更正”';
    renderEntry(recommendationForm(id, { recommendation_mode: 'talk' }), {
      ...newSheet('5', '谈话序号 5'),
      [`POST ${API}/vote-types/${id}/paper/sheets`]: () => ({
        status: 409,
        body: { code: 'RECOMMENDATION_TALK_ALREADY_COUNTED', detail },
      }),
    });
    await waitFor(() => expect(keyField()).toHaveFocus());
    await user.keyboard('5{Enter}');
    expect(await screen.findByText('谈话序号 5：可以录入')).toBeInTheDocument();
    await waitFor(() => expect(grid()).toHaveFocus());
    await user.keyboard('1{Enter}{Enter}2{Enter}');
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.queryByText(/纸质票/)).toBeNull();
  });
});
