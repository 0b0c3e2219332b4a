import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminProviders } from '@/app/admin/admin-providers';
import PaperEntryPage from '@/features/paper-entry/components/paper-entry-page';
import type { PaperForm } from '@kaoping/contracts/paper-ballots';
import { appraisalForm, evaluationForm, storedSheet } from './paper-fixtures';
import { mockFetch, renderRoutes, type Handler } from './render';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
// The admin providers share one query cache (and the tab's session count) across tests: a vote type each.
let id = 500;
beforeEach(() => {
  id += 1;
});

const emptyList = {
  items: [],
  total: 0,
  counts: { paper: 0, online: 3, pending: 0, conflict: 0, printed: 50, unkeyed: 50, last_number: 50 },
};

/** The entry screen of this test's vote type. */
const renderPage = () =>
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

function renderEntry(form: PaperForm, handlers: Record<string, Handler> = {}) {
  const calls = mockFetch({
    [`GET ${API}/vote-types/${id}/paper/form`]: () => ({ body: form }),
    [`GET ${API}/vote-types/${id}/paper/sheets`]: () => ({ body: emptyList }),
    ...handlers,
  });
  renderPage();
  return calls;
}

/** The check of a code or number the server knows as new: the sheet may be keyed. */
const newSheet = (typed: string, label = typed, key = typed.replace(/-/g, '')) => ({
  [`GET ${API}/vote-types/${id}/paper/sheets/${typed}`]: () => ({
    body: { key, label, state: 'new', can_enter: true },
  }),
});

/** A sheet two keyers entered differently, as the list shows it. */
const conflict = {
  id: 9,
  key: '17',
  label: '编号 17',
  state: 'conflict' as const,
  entered_at: '2026-11-23T09:30:00Z',
  entries: 2 as const,
};

/** The leadership's ballot of a sheet: every item 好, the overall grade and reverse marks as given. */
const teamBallot = (overall: string, reverse: Record<string, string> = {}) => [
  {
    poll_id: 11,
    target_id: 101,
    answers: {
      overall,
      items: {
        political_quality: 'good',
        business_performance: 'good',
        unity: 'good',
        conduct: 'good',
        party_building: 'good',
        integrity: 'good',
      },
      reverse,
    },
  },
];

const keyField = () => screen.getByRole('textbox', { name: /测评码|编号/ });
const grid = () => screen.getByRole('group', { name: '选票录入区' });

describe('paper entry: keyboard only', () => {
  it('keys a 民主测评 sheet from the code to the last Enter and sends exactly the ballots of that sheet', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const calls = renderEntry(appraisalForm(id), {
      ...newSheet('K7QX-M3PD-9R'),
      [`POST ${API}/vote-types/${id}/paper/sheets`]: (req) => {
        posted.push(req.body);
        return { status: 201, body: storedSheet({ state: 'counted' }) };
      },
    });
    await waitFor(() => expect(keyField()).toHaveFocus());

    await user.keyboard('K7QX-M3PD-9R{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    // Row 1, the leadership: overall 好, six items, then reverse item 2 marked.
    await user.keyboard('1121131');
    expect(screen.getByTestId('kp-pe-cell-0-7')).toHaveClass('kp-pe-cell-on');
    await user.keyboard('2{Enter}');
    // Row 2: an Enter before the row is complete says what is missing and stays.
    await user.keyboard('2{Enter}');
    expect(screen.getByText('请先填完第 2 行“张三（总经理）”：政治素质')).toBeInTheDocument();
    expect(screen.getByTestId('kp-pe-cell-1-1')).toHaveClass('kp-pe-cell-on');
    await user.keyboard('11211{Enter}');
    // Row 3: reverse 4 on and off again, then 1; the last Enter submits.
    await user.keyboard('111111441{Enter}');

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      key: 'K7QXM3PD9R',
      ballots: [
        {
          poll_id: 11,
          target_id: 101,
          answers: {
            overall: 'good',
            items: {
              political_quality: 'good',
              business_performance: 'fairly_good',
              unity: 'good',
              conduct: 'good',
              party_building: 'average',
              integrity: 'good',
            },
            reverse: { eight_rules: 'present' },
          },
        },
        {
          poll_id: 12,
          target_id: 201,
          answers: {
            overall: 'competent',
            items: {
              political_quality: 'good',
              ability: 'good',
              responsibility: 'fairly_good',
              conduct: 'good',
              integrity: 'good',
            },
            reverse: {},
          },
        },
        {
          poll_id: 12,
          target_id: 202,
          answers: {
            overall: 'excellent',
            items: {
              political_quality: 'good',
              ability: 'good',
              responsibility: 'good',
              conduct: 'good',
              integrity: 'good',
            },
            reverse: { two_faced: 'present' },
          },
        },
      ],
    });
    expect(await screen.findByText('K7QX-M3PD-9R 已计票')).toBeInTheDocument();
    // Cleared and back on the code field, counted in this session.
    await waitFor(() => expect(keyField()).toHaveFocus());
    expect(keyField()).toHaveValue('');
    expect(screen.getByTestId('kp-pe-cell-0-0')).toHaveTextContent('·');
    const counts = screen.getByLabelText('纸质票统计');
    expect(within(counts).getByText('本次已录入').previousSibling).toHaveTextContent('1');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('keys a 民主评议 sheet by its number: questions, a multiple choice, text, opinions and the reason', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderEntry(evaluationForm(id, { double_entry: true }), {
      ...newSheet('17', '编号 17'),
      [`POST ${API}/vote-types/${id}/paper/sheets`]: (req) => {
        posted.push(req.body);
        return { status: 201, body: storedSheet({ key: '17', label: '编号 17', state: 'pending' }) };
      },
    });
    await waitFor(() => expect(keyField()).toHaveFocus());
    expect(screen.getByText(/已开启双人录入核对/)).toBeInTheDocument();

    await user.keyboard('17{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    await user.keyboard('1{Enter}2{Enter}');
    // Multiple choice: 1 on, 4 on, 1 off, 3 on.
    await user.keyboard('1413{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /意见和建议/ })).toHaveFocus());
    await user.keyboard('加强监督{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    await user.keyboard('1{Enter}3{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /不认同的主要原因/ })).toHaveFocus());
    await user.keyboard('不了解其工作{Enter}');

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      key: '17',
      ballots: [
        {
          poll_id: 21,
          answers: {
            overall: '好',
            supervision: '较好',
            problems: ['任人唯亲、拉帮结派', '跑官要官、说情打招呼'],
            suggestions: '加强监督',
          },
        },
        { poll_id: 22, answers: { subject_301: '认同', subject_302: '不认同', reason: '不了解其工作' } },
      ],
    });
    expect(await screen.findByText('编号 17 已录入，待第二人录入')).toBeInTheDocument();
    await waitFor(() => expect(keyField()).toHaveFocus());
  });
});

describe('paper entry: refusals', () => {
  it('shows the refusal of a code inline and keys nothing', async () => {
    const user = userEvent.setup();
    const calls = renderEntry(appraisalForm(id), {
      [`GET ${API}/vote-types/${id}/paper/sheets/A2B3-C4D5-E6`]: () => ({
        status: 403,
        body: {
          detail: '该测评码是发给手机投票用的，不是纸质选票上印的测评码，不能录入为纸质票',
          code: 'CODE_NOT_PAPER',
        },
      }),
      [`GET ${API}/vote-types/${id}/paper/sheets/F7G8-H9JK-MN`]: () => ({
        body: {
          key: 'F7G8H9JKMN',
          label: 'F7G8-H9JK-MN',
          state: 'pending',
          can_enter: false,
          detail: '双人录入需由另一位管理员（另一个账号）完成第二次录入；同一账号再次登录不算第二人',
        },
      }),
    });
    await waitFor(() => expect(keyField()).toHaveFocus());
    await user.keyboard('A2B3-C4D5-E6{Enter}');
    expect(
      await screen.findByText('该测评码是发给手机投票用的，不是纸质选票上印的测评码，不能录入为纸质票'),
    ).toBeInTheDocument();
    expect(keyField()).toHaveFocus();
    // Digits typed now go to the code field, not into the sheet.
    expect(grid()).toHaveAttribute('tabindex', '-1');

    await user.clear(keyField());
    await user.keyboard('F7G8-H9JK-MN{Enter}');
    expect(
      await screen.findByText(
        '双人录入需由另一位管理员（另一个账号）完成第二次录入；同一账号再次登录不算第二人',
      ),
    ).toBeInTheDocument();
    await user.clear(keyField());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('请输入测评码')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('link mode: says when nothing was printed, shows the printed numbers and refuses one never printed', async () => {
    const user = userEvent.setup();
    const unprinted = {
      paper: 0,
      online: 0,
      pending: 0,
      conflict: 0,
      printed: 0,
      unkeyed: 0,
      last_number: 0,
    };
    renderEntry(evaluationForm(id, { counts: unprinted }));
    expect(await screen.findByTestId('not-printed-notice')).toHaveTextContent('尚未打印带编号的纸质选票');
    cleanup();
    id += 1;
    const printed = { ...unprinted, paper: 2, printed: 150, unkeyed: 148, last_number: 150 };
    const calls = renderEntry(evaluationForm(id, { counts: printed }), {
      [`GET ${API}/vote-types/${id}/paper/sheets/151`]: () => ({
        status: 404,
        body: {
          detail: '编号 151 不是本投票类型打印过的纸质选票编号（已打印编号：1-150），请核对',
          code: 'PAPER_NUMBER_NOT_PRINTED',
        },
      }),
    });
    const bar = await screen.findByLabelText('纸质票统计');
    expect(bar).toHaveTextContent('已打印（编号至 150）');
    expect(bar).toHaveTextContent('148已打印未录入');
    expect(screen.queryByTestId('not-printed-notice')).not.toBeInTheDocument();
    await waitFor(() => expect(keyField()).toHaveFocus());
    await user.keyboard('151{Enter}');
    expect(
      await screen.findByText('编号 151 不是本投票类型打印过的纸质选票编号（已打印编号：1-150），请核对'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it("shows the server's own message when a sheet is refused, and keeps what was keyed", async () => {
    const user = userEvent.setup();
    renderEntry(appraisalForm(id, { targets: appraisalForm(id).targets.slice(0, 1) }), {
      ...newSheet('K7QX-M3PD-9R'),
      [`POST ${API}/vote-types/${id}/paper/sheets`]: () => ({ status: 403, body: { detail: '投票已结束' } }),
    });
    await waitFor(() => expect(keyField()).toHaveFocus());
    await user.keyboard('K7QX-M3PD-9R{Enter}');
    await waitFor(() => expect(grid()).toHaveFocus());
    await user.keyboard('1111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('投票已结束');
    expect(screen.getByTestId('kp-pe-cell-0-0')).toHaveTextContent('好');
  });

  it('says why nothing can be keyed once the count is finished', async () => {
    renderEntry(
      appraisalForm(id, {
        ready: false,
        state: 'closed',
        count_stage: 'counted',
        notice: '已完成计票，不能再录入或更正纸质票',
      }),
    );
    expect(
      await screen.findByText('已完成计票，不能再录入', { selector: '.ant-alert-title' }),
    ).toBeInTheDocument();
    expect(screen.getByText('已完成计票，不能再录入或更正纸质票')).toBeInTheDocument();
    expect(keyField()).toBeDisabled();
    expect(screen.getByRole('button', { name: '提交（Ctrl+Enter）' })).toBeDisabled();
  });

  it('keys sheets after 结束投票 and says the phones stopped and 完成计票 comes next', async () => {
    renderEntry(appraisalForm(id, { state: 'closed', count_stage: 'counting' }));
    expect(await screen.findByTestId('counting-notice')).toHaveTextContent(
      '投票已结束：手机端已停止投票，纸质票仍可录入和核对',
    );
    await waitFor(() => expect(keyField()).toHaveFocus());
    expect(keyField()).toBeEnabled();
  });

  it('offers a retry when the form cannot be loaded', async () => {
    mockFetch({
      [`GET ${API}/vote-types/${id}/paper/form`]: () => ({ status: 500, body: { detail: '服务器内部错误' } }),
    });
    renderPage();
    expect(await screen.findByText('获取选票内容失败', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重 试' })).toBeInTheDocument();
  });
});

describe('paper entry: sheets entered', () => {
  it('lists the sheets, shows a conflict side by side and settles it with the entry picked', async () => {
    const first = teamBallot('good');
    const second = teamBallot('fairly_good', { formalism: 'present' });
    const put: unknown[] = [];
    renderEntry(appraisalForm(id, { access_mode: 'link', targets: appraisalForm(id).targets.slice(0, 1) }), {
      [`GET ${API}/vote-types/${id}/paper/sheets`]: () => ({
        body: { ...emptyList, items: [conflict], total: 1 },
      }),
      [`GET ${API}/vote-types/${id}/paper/sheets/17/detail`]: () => ({
        body: storedSheet({
          ...conflict,
          state: 'conflict',
          first,
          second,
          counted: null,
          entered_by_me: false,
        }),
      }),
      [`PUT ${API}/vote-types/${id}/paper/sheets/17`]: (req) => {
        put.push(req.body);
        return { body: storedSheet({ ...conflict, state: 'counted', first, second, counted: second }) };
      },
    });
    const row = (await screen.findByText('编号 17')).closest('tr')!;
    expect(within(row).getByText('两次录入不一致')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '核对' }));

    const dialog = (await screen.findByText('2 处不一致')).closest<HTMLElement>('[role="dialog"]')!;
    const overall = within(dialog).getByText('华中建工领导班子 · 总体评价').closest('tr')!;
    expect(overall).toHaveClass('kp-pe-diff');
    expect(within(overall).getByText('好')).toBeInTheDocument();
    expect(within(overall).getByText('较好')).toBeInTheDocument();
    const reverse = within(dialog).getByText('华中建工领导班子 · 反向测评').closest('tr')!;
    expect(within(reverse).getByText('（空）')).toBeInTheDocument();
    expect(within(reverse).getByText('1 形式主义、官僚主义问题')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: '采用第二次录入' }));
    await waitFor(() => expect(put).toEqual([{ ballots: second }]));
  });

  it('will not let a keyer of the sheet settle it', async () => {
    renderEntry(appraisalForm(id, { access_mode: 'link' }), {
      [`GET ${API}/vote-types/${id}/paper/sheets`]: () => ({
        body: { ...emptyList, items: [conflict], total: 1 },
      }),
      [`GET ${API}/vote-types/${id}/paper/sheets/17/detail`]: () => ({
        body: storedSheet({ ...conflict, state: 'conflict', first: [], second: [], entered_by_me: true }),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '核对' }));
    expect(
      await screen.findByText('您参与了这张纸质票的录入：核对需由未参与录入的第三人完成'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '采用第一次录入' })).toBeDisabled();
  });

  it('withdraws a sheet after a confirmation, and shows an empty list as such', async () => {
    const deleted: string[] = [];
    const counted = {
      id: 3,
      key: 'K7QXM3PD9R',
      label: 'K7QX-M3PD-9R',
      state: 'counted',
      entered_at: '2026-11-23T09:30:00Z',
      entries: 1,
    };
    let items = [counted];
    renderEntry(appraisalForm(id), {
      [`GET ${API}/vote-types/${id}/paper/sheets`]: () => ({
        body: { ...emptyList, items, total: items.length },
      }),
      [`DELETE ${API}/vote-types/${id}/paper/sheets/K7QXM3PD9R`]: (req) => {
        deleted.push(req.url.pathname);
        items = [];
        return { status: 204 };
      },
    });
    const row = (await screen.findByText('K7QX-M3PD-9R')).closest('tr')!;
    expect(within(row).getByRole('button', { name: '更正' })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '撤回' }));
    const confirm = (await screen.findByText('撤回 K7QX-M3PD-9R？')).closest<HTMLElement>('.ant-popover')!;
    expect(confirm).toHaveTextContent('测评码恢复为未使用');
    fireEvent.click(within(confirm).getByRole('button', { name: /撤\s*回/ }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(await screen.findByText('尚未录入纸质票')).toBeInTheDocument();
  });
});
