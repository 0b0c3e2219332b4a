import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditLabels, type StoredAuditRow } from '@kaoping/contracts/audit-labels';
import type { AuditEntry, AuditPage } from '@kaoping/contracts/audit-log';
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
const serve = () =>
  mockFetch({
    [`GET ${A}/audit-log/`]: () => ({ body: page }),
    [`GET ${A}/companies/`]: () => ({ body: { items: [], total: 0 } }),
  });

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
