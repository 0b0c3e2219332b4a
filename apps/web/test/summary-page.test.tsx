import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SummaryPage from '@/features/summary/components/summary-page';
import { minute } from '@/features/summary/lib/format';
import { setToken } from '@/lib/auth-token';
import { mockFetch, renderAdmin, SYSTEM_ADMIN, type Handler } from './render';
import { companies } from './results-fixtures';
import { twoRounds } from './rounds-fixtures';
import { unitSummary } from './summary-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const API = '/api/v1/admin';
const base = (id: number, summary: Handler): Record<string, Handler> => ({
  [`GET ${API}/companies/`]: () => ({ body: companies(id) }),
  [`GET ${API}/companies/${id}/rounds`]: () => ({ body: twoRounds(id) }),
  [`GET ${API}/companies/${id}/summary`]: summary,
});

describe('the 汇总表 screen', () => {
  it('prints with a 核验码: 打印 seals the figures shown and puts the code under the tables', async () => {
    const printed = { ...unitSummary(81), generated_at: '2026-11-23T04:30:00Z' };
    const calls = mockFetch({
      ...base(81, () => ({ body: unitSummary(81) })),
      [`GET ${API}/companies/81/summary/print`]: () => ({
        body: { summary: printed, seal: { code: 'ABCD-EFGH-JKMN-PQRS', sealed_at: '2026-11-23T04:30:00Z' } },
      }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAdmin(<SummaryPage />, '/admin/summary?company=81');
    fireEvent.click(await screen.findByRole('button', { name: /打\s*印/ }));
    const seal = await screen.findByTestId('summary-seal');
    expect(seal.textContent).toContain(
      `核验码：ABCD-EFGH-JKMN-PQRS（打印于 ${minute('2026-11-23T04:30:00Z')}`,
    );
    expect(print).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.url.pathname === `${API}/companies/81/summary/print`)).toBe(true);
    // The screen shows the figures sealed: the 汇总表 the print answered (its time), not the earlier read.
    expect(screen.getByText(new RegExp(`生成于 ${minute('2026-11-23T04:30:00Z')}`))).toBeTruthy();
  });

  it('shows the tables with grade → 票数/占比 headers, flagged rows marked with the reason, and the validity block', async () => {
    mockFetch(base(80, () => ({ body: unitSummary(80) })));
    renderAdmin(<SummaryPage />, '/admin/summary?company=80');
    const persons = await screen.findByRole('region', { name: '领导人员汇总表' });
    for (const h of ['优秀', '称职', '基本称职', '不称职', '优秀率（优秀）', '称职及以上率（优秀+称职）'])
      expect(within(persons).getAllByRole('columnheader', { name: h }).length).toBeGreaterThan(0);
    expect(within(persons).getAllByRole('columnheader', { name: '票数' })).toHaveLength(4);
    expect(within(persons).getAllByRole('columnheader', { name: '占比' })).toHaveLength(4);
    // In rank order: 张三 first; 李四 flagged on both thresholds, its rows on a red ground.
    const names = within(persons)
      .getAllByText(/^(张三|李四)$/)
      .map((e) => e.textContent);
    expect(names).toEqual(['张三', '李四']);
    const tag = within(persons).getByText(/^预警：/);
    expect(tag).toHaveTextContent('预警：称职及以上率低于 66.67%；不称职率高于 33.33%');
    const flaggedRow = tag.closest('tr')!;
    expect(flaggedRow).toHaveClass('kp-sum-flagged');
    // 李四, 班子成员: 1 优秀 of 3 = 33.33 %, 2 不称职 = 66.67 %.
    expect(within(flaggedRow).getAllByText('33.33%').length).toBeGreaterThan(0);
    expect(within(flaggedRow).getAllByText('66.67%').length).toBeGreaterThan(0);
    const zhang = within(persons).getByText('张三').closest('tr')!;
    expect(zhang).not.toHaveClass('kp-sum-flagged');

    const validity = screen.getByText(/未超过半数：/);
    expect(validity).toBeInTheDocument();
    expect(screen.getByText('未超过半数', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(
      screen.getByText(/称职及以上率低于 66.67% 或 不称职率高于 33.33%的行标红预警/),
    ).toBeInTheDocument();
    expect(screen.getByText(/未作调整/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '选人用人汇总表' })).toHaveTextContent('多培养年轻干部');
    const np = screen.getByRole('region', { name: '新提拔干部汇总表' });
    expect(within(np).getByText('预警：不认同率过高')).toBeInTheDocument();
  });

  it('lets a writer change the thresholds in percent, keeping an unchanged one exact', async () => {
    const calls = mockFetch({
      ...base(81, () => ({ body: unitSummary(81) })),
      [`PUT ${API}/companies/81/summary/thresholds`]: (req) => ({
        body: { round_id: 2, ...(req.body as object) },
      }),
    });
    renderAdmin(<SummaryPage />, '/admin/summary?company=81');
    fireEvent.click(await screen.findByRole('button', { name: '修改阈值' }));
    const top = screen.getByRole('spinbutton', { name: '称职及以上率阈值' });
    expect(top).toHaveValue('66.67');
    fireEvent.change(top, { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      round_id: 2,
      flag_top_two_min: 0.7,
      flag_bottom_max: 1 / 3,
    });
    expect(await screen.findByText('预警阈值已保存')).toBeInTheDocument();
  });

  it('says 计票未完成 and each group’s step, and discloses ballots deleted after the close', async () => {
    const s = unitSummary(86);
    const [first, second] = s.validity.vote_types;
    s.validity.vote_types = [
      { ...first!, deleted_ballots: 2, deleted_note: '经高级模式删除 2 张选票（见审计日志）' },
      { ...second!, count_stage: 'counting' },
    ];
    mockFetch(base(86, () => ({ body: s })));
    renderAdmin(<SummaryPage />, '/admin/summary?company=86');
    expect(await screen.findByTestId('count-not-finished')).toHaveTextContent(
      '计票未完成：以下结果不是最终结果',
    );
    expect(screen.getByTestId('count-not-finished')).toHaveTextContent('尚未完成计票：中层干部');
    expect(screen.getByTestId('deleted-ballots')).toHaveTextContent(
      '“班子成员”经高级模式删除 2 张选票（见审计日志）',
    );
    const stages = screen.getAllByTestId('count-stage').map((e) => e.getAttribute('data-stage'));
    expect(stages).toEqual(['counted', 'counting']);
  });

  it('has no 计票未完成 once every group is counted', async () => {
    const s = unitSummary(87);
    s.validity = {
      ...s.validity,
      vote_types: s.validity.vote_types.map((v) => ({ ...v, count_stage: 'counted' as const })),
      count_finished: true,
      count_note: null,
    };
    mockFetch(base(87, () => ({ body: s })));
    renderAdmin(<SummaryPage />, '/admin/summary?company=87');
    expect(await screen.findAllByTestId('count-stage')).toHaveLength(2);
    expect(screen.queryByTestId('count-not-finished')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deleted-ballots')).not.toBeInTheDocument();
  });

  it('refuses a top-two threshold below the bottom one before sending', async () => {
    const calls = mockFetch(base(82, () => ({ body: unitSummary(82) })));
    renderAdmin(<SummaryPage />, '/admin/summary?company=82');
    fireEvent.click(await screen.findByRole('button', { name: '修改阈值' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: '不称职率阈值' }), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('称职及以上率阈值不能低于不称职率阈值')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the thresholds read-only to an auditor and for an archived round', async () => {
    mockFetch({
      ...base(83, () => ({
        body: unitSummary(83, { round: { id: 1, name: '2025年度', year: 2025, state: 'archived' } }),
      })),
      [`GET ${API}/auth/me`]: () => ({ body: SYSTEM_ADMIN }),
    });
    renderAdmin(<SummaryPage />, '/admin/summary?company=83&round=1');
    expect(await screen.findByText(/已归档/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改阈值' })).not.toBeInTheDocument();
  });

  it('hides the edit from an auditor', async () => {
    // Another token: the signed-in account (and its role) is read afresh.
    setToken('auditor-token');
    mockFetch({
      ...base(84, () => ({ body: unitSummary(84) })),
      [`GET ${API}/auth/me`]: () => ({ body: { ...SYSTEM_ADMIN, role: 'auditor' } }),
    });
    renderAdmin(<SummaryPage />, '/admin/summary?company=84');
    expect(await screen.findByText('预警阈值')).toBeInTheDocument();
    await screen.findByRole('region', { name: '领导人员汇总表' });
    expect(screen.queryByRole('button', { name: '修改阈值' })).not.toBeInTheDocument();
  });

  it('says so plainly for a round without ballots, and offers a retry after an error', async () => {
    let fail = true;
    mockFetch(
      base(85, () =>
        fail
          ? { status: 500, body: { detail: '服务器内部错误' } }
          : { body: unitSummary(85, { empty: true }) },
      ),
    );
    renderAdmin(<SummaryPage />, '/admin/summary?company=85');
    expect(await screen.findByText('加载汇总表失败')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('该测评批次尚无正式选票，汇总表为空')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '领导人员汇总表' })).not.toBeInTheDocument();
  });

  it('asks for a unit first', async () => {
    mockFetch({ [`GET ${API}/companies/`]: () => ({ body: companies() }) });
    renderAdmin(<SummaryPage />, '/admin/summary');
    expect(await screen.findByText('请先在页面顶部选择单位')).toBeInTheDocument();
  });
});

describe('the 汇总表 while a vote type is open (decision 0041)', () => {
  it('says 投票进行中，结束投票后可查看结果 and names the open vote types; nothing when every one has ended', async () => {
    const s = unitSummary(81);
    const open = {
      ...s,
      validity: {
        ...s.validity,
        open_vote_types: [{ vote_type_id: 9, name: '中层正职' }],
        open_note: '“中层正职”投票进行中，未计入本结果；结束投票后可查看',
      },
    };
    mockFetch(base(81, () => ({ body: open })));
    const view = renderAdmin(<SummaryPage />, '/admin/summary?company=81');
    const notice = await screen.findByTestId('open-vote-notice');
    expect(notice).toHaveTextContent('投票进行中，结束投票后可查看结果');
    expect(notice).toHaveTextContent('“中层正职”投票进行中');
    view.unmount();
    mockFetch(base(82, () => ({ body: unitSummary(82) })));
    renderAdmin(<SummaryPage />, '/admin/summary?company=82');
    await screen.findByRole('region', { name: '领导人员汇总表' });
    expect(screen.queryByTestId('open-vote-notice')).toBeNull();
  });

  it('says a family’s tables wait for 结束投票 while all its groups vote, instead of tables of zeros', async () => {
    const s = unitSummary(83);
    const appraisalIds = s.validity.vote_types
      .filter((v) => v.form_category === 'democratic_appraisal')
      .map((v) => v.vote_type_id);
    expect(appraisalIds.length).toBeGreaterThan(0);
    const open = {
      ...s,
      appraisal: { ...s.appraisal, vote_types: [] },
      validity: {
        ...s.validity,
        open_vote_types: s.validity.vote_types
          .filter((v) => appraisalIds.includes(v.vote_type_id))
          .map((v) => ({ vote_type_id: v.vote_type_id, name: v.name })),
      },
    };
    mockFetch(base(83, () => ({ body: open })));
    renderAdmin(<SummaryPage />, '/admin/summary?company=83');
    const waiting = await screen.findByTestId('waiting-democratic_appraisal');
    const names = open.validity.open_vote_types.map((v) => `“${v.name}”`).join('、');
    expect(waiting).toHaveTextContent(`民主测评汇总表${names}投票进行中，结束投票后可查看`);
    expect(screen.queryByRole('region', { name: '领导人员汇总表' })).toBeNull();
    expect(screen.queryByRole('region', { name: '领导班子汇总表' })).toBeNull();
    // The 评议 groups have ended: their tables are there.
    expect(screen.getByRole('region', { name: '选人用人汇总表' })).toBeInTheDocument();
    expect(screen.queryByTestId('waiting-democratic_evaluation')).toBeNull();
  });
});
