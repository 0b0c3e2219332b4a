import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditLabels, type StoredAuditRow } from '@kaoping/contracts/audit-labels';
import type { AuditEntry, AuditPage, AuditVerify } from '@kaoping/contracts/audit-log';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderAdmin } from '../../../../test/render';
import AuditLogPage from './audit-log-page';

vi.setConfig({ testTimeout: 60_000 });

const phone = window.matchMedia;
/** A wide screen: every min-width query matches (test/setup.ts answers none, as a phone). */
function wideScreen() {
  window.matchMedia = ((query: string) => ({ ...phone(query), matches: true })) as typeof window.matchMedia;
}
afterEach(() => {
  window.matchMedia = phone;
});

const A = '/api/v1/admin';

/** A row as the server answers it: the stored codes, and the labels the server renders beside them. */
function entry(id: number, stored: StoredAuditRow): AuditEntry {
  return {
    id,
    created_at: '2026-11-23T02:00:00Z',
    user_id: 1,
    username: 'admin',
    role: 'system_admin',
    company_id: 1,
    company_name: '甲单位',
    object_id: '4',
    ...stored,
    ...auditLabels(stored),
  };
}

const rows = [
  entry(3, {
    action: 'vote_type.access_mode',
    object_type: 'vote_type',
    summary: 'name: 中层干部；from: link；to: codes',
    detail: { id: 4, company_id: 1, name: '中层干部', from: 'link', to: 'codes' },
  }),
  entry(2, {
    action: 'votes.voter.delete',
    object_type: null,
    summary: 'vote_type_name: 中层干部；form_category: democratic_appraisal；deleted_ballots: 7',
    detail: { vote_type_name: '中层干部', form_category: 'democratic_appraisal', deleted_ballots: 7 },
  }),
  entry(1, {
    action: 'round.create',
    object_type: 'company',
    summary: 'archived_round_name: 2025年度；name: 2026年度；year: 2026',
    detail: { archived_round_name: '2025年度', name: '2026年度', year: 2026 },
  }),
];

const page: AuditPage = {
  items: rows,
  total: rows.length,
  actions: ['round.create', 'vote_type.access_mode', 'votes.voter.delete'],
  users: [{ id: 1, username: 'admin' }],
};
const INTACT: AuditVerify = {
  intact: true,
  scope: 'all',
  checked: 40,
  legacy: 0,
  first_broken_id: null,
  detail:
    '审计链完整：已逐条核对全部 40 条记录的 MAC 与前后链接，与最近的锚点（2026-11-23 10:00:00，40 条）一致',
  problems: [],
  problem_count: 0,
  anchor: { created_at: '2026-11-23T02:00:00Z', row_count: 40, last_id: 40, source: 'both' },
};
const serve = (verify: () => { status?: number; body?: unknown } = () => ({ body: INTACT })) =>
  mockFetch({
    [`GET ${A}/audit-log/`]: () => ({ body: page }),
    [`GET ${A}/audit-log/verify`]: verify,
    [`GET ${A}/companies/`]: () => ({ body: { items: [], total: 0 } }),
  });
const anchorTime = new Date('2026-11-23T02:00:00Z').toLocaleString('zh-CN', { hour12: false });
/** The chain's state: the alert above the table. */
const chainAlert = async (titleText: string | RegExp) =>
  (await screen.findByText(titleText)).closest<HTMLElement>('.ant-alert')!;

describe('审计日志 screen', () => {
  it('shows actions, objects and summaries in Chinese, and filters by a Chinese action name', async () => {
    wideScreen();
    const calls = serve();
    renderAdmin(<AuditLogPage />, '/admin/audit-log');

    const table = (await screen.findByText('修改投票方式')).closest('table')!;
    const cells = (action: string) =>
      within(within(table).getByText(action).closest('tr')!)
        .getAllByRole('cell')
        .slice(2)
        .map((c) => c.textContent);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['时间', '用户', '操作', '单位', '对象', '摘要']);
    expect(cells('修改投票方式')).toEqual([
      '修改投票方式',
      '甲单位',
      '投票类型',
      '投票方式：公开链接 → 测评码；投票类型：“中层干部”',
    ]);
    expect(cells('删除投票人选票')).toEqual([
      '删除投票人选票',
      '甲单位',
      '选票',
      '投票类型：“中层干部”；表单类别：民主测评；删除选票：7',
    ]);
    expect(cells('开始新一轮测评')).toEqual([
      '开始新一轮测评',
      '甲单位',
      '单位',
      '新批次：“2026年度”；归档的批次：“2025年度”；年度：2026',
    ]);
    // No machine word anywhere in the table: codes, field names, values.
    expect(table.textContent).not.toMatch(/round\.create|access_mode|deleted_ballots|vote_type|codes|link/);

    await userEvent.click(screen.getByRole('combobox', { name: '操作' }));
    await screen.findByTitle('删除投票人选票');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    // In the order of the Chinese names (pinyin).
    expect(options).toEqual(['开始新一轮测评', '删除投票人选票', '修改投票方式']);
    await userEvent.click(screen.getByTitle('删除投票人选票'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('action') === 'votes.voter.delete')).toBe(true),
    );
  });

  it('puts the action and its Chinese summary first on a phone', async () => {
    serve();
    renderAdmin(<AuditLogPage />, '/admin/audit-log');
    const table = (await screen.findByText('删除投票人选票')).closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['记录']);
    const cell = within(table).getByText('删除投票人选票').closest('td')!;
    expect(cell.textContent).toBe(
      '删除投票人选票投票类型：“中层干部”；表单类别：民主测评；删除选票：7' +
        `${new Date('2026-11-23T02:00:00Z').toLocaleString('zh-CN', { hour12: false })} · admin（系统管理员） · 甲单位 · 选票`,
    );
    expect(table.textContent).not.toMatch(/round\.create|access_mode|deleted_ballots|vote_type|codes|link/);
  });
});

describe('审计日志 screen: the chain', () => {
  it('shows the chain intact with its last anchor (time, row count, where kept)', async () => {
    serve();
    renderAdmin(<AuditLogPage />, '/admin/audit-log');
    expect(screen.getByText('正在逐条核对审计链…')).toBeTruthy();
    const alert = await chainAlert('审计链完整');
    expect(alert.textContent).toContain('已逐条核对全部 40 条记录的 MAC 与前后链接。');
    expect(alert.textContent).toContain(`最近锚点：${anchorTime} · 共 40 条记录 · 存于数据库和数据文件夹`);
    expect(screen.queryByText('正在逐条核对审计链…')).toBeNull();
  });

  it('names each problem, five first and the rest on 展开, and checks again on 校验完整性', async () => {
    const problems = [
      { id: 13, kind: 'missing_start', detail: '第 13 条记录之前的记录缺失：链开头的记录被删除' },
      ...[20, 21, 22, 23, 24].map((id) => ({ id, kind: 'bad_mac', detail: `第 ${id} 条记录的 MAC 不符` })),
      { id: null, kind: 'missing_rows', detail: '最近的锚点时共 40 条记录，现在有 28 条：12 条记录被删除' },
    ];
    let answer: AuditVerify = {
      ...INTACT,
      intact: false,
      first_broken_id: 13,
      detail: `发现 7 处问题，第一处：${problems[0]!.detail}`,
      problems: problems as AuditVerify['problems'],
      problem_count: 7,
    };
    const calls = serve(() => ({ body: answer }));
    renderAdmin(<AuditLogPage />, '/admin/audit-log');
    const alert = await chainAlert('审计链发现 7 处问题');
    const items = () =>
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual(problems.slice(0, 5).map((p) => p.detail));
    await userEvent.click(within(alert).getByRole('button', { name: /展开其余 2 处/ }));
    expect(items()).toEqual(problems.map((p) => p.detail));
    expect(alert.textContent).toContain(`最近锚点：${anchorTime} · 共 40 条记录`);

    answer = INTACT;
    await userEvent.click(screen.getByRole('button', { name: /校验完整性/ }));
    await chainAlert('审计链完整');
    expect(calls.filter((c) => c.url.pathname.endsWith('/audit-log/verify'))).toHaveLength(2);
  });

  it('says when the check failed, and tries again', async () => {
    let fail = true;
    serve(() =>
      fail ? { status: 500, body: { detail: '服务器内部错误', code: 'INTERNAL' } } : { body: INTACT },
    );
    renderAdmin(<AuditLogPage />, '/admin/audit-log');
    const alert = await chainAlert('审计链核验失败');
    expect(alert.textContent).toContain('服务器内部错误');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    await chainAlert('审计链完整');
  });

  it('tells a unit admin the check covers its own units, with no totals', async () => {
    serve(() => ({
      body: {
        ...INTACT,
        scope: 'units',
        checked: 13,
        detail: '您所管单位的 13 条审计记录完整：已逐条核对它们的 MAC 与前后链接',
        anchor: { ...INTACT.anchor!, row_count: null, last_id: null, source: 'database' },
      },
    }));
    renderAdmin(<AuditLogPage />, '/admin/audit-log');
    const alert = await chainAlert('您所管单位的审计记录完整');
    expect(alert.textContent).toContain('已逐条核对您所管单位的 13 条记录的 MAC 与前后链接。');
    expect(alert.textContent).toContain(`最近锚点：${anchorTime} · 存于数据库`);
    expect(alert.textContent).not.toMatch(/共 \d+ 条记录/);
    expect(alert.textContent).toContain('只核验您所管单位的记录');
  });

  it('says the log is empty and no anchor was taken yet', async () => {
    serve(() => ({
      body: {
        ...INTACT,
        checked: 0,
        detail: '审计链完整：已逐条核对全部 0 条记录的 MAC 与前后链接；尚无锚点',
        anchor: null,
      },
    }));
    renderAdmin(<AuditLogPage />, '/admin/audit-log');
    const alert = await chainAlert('审计日志还没有记录');
    expect(alert.textContent).toContain('尚无锚点：审计日志有变化时，每分钟记一次锚点。');
  });
});
