// 推荐职位 names (issue 30): the server refuses a post name the unit's round already has. The 添加推荐职位
// dialog shows its Chinese detail and stays open with what was typed; an import of posts already there
// lists each such row and adds nothing.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostsImportButton } from '@/features/recommendation/components/posts-import';
import RecommendationPostsPage from '@/features/recommendation/components/posts-page';
import { dialogTitled, mockFetch, renderAdmin } from './render';
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
const TAKEN = '推荐职位“副总经理”已存在';
const existing: RecommendationPost = {
  id: 31,
  company_id: 76,
  name: '副总经理',
  seats: 1,
  max_choices: 1,
  min_choices: null,
  write_in_slots: 0,
  candidate_order: 'typed',
  differential: false,
  is_active: true,
  sort_order: 1,
  candidates: [
    { id: 101, post_id: 31, name: '王强', current_position: '', birth_date: '', note: '', sort_order: 0 },
  ],
  created_at: '2026-11-01T00:00:00Z',
};

describe('a 推荐职位 name the round already has', () => {
  it('shows the server’s detail and keeps the dialog open with what was typed', async () => {
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(76) }),
      [`GET ${API}/companies/76/rounds`]: () => ({ body: twoRounds(76) }),
      [`GET ${API}/recommendation-posts/`]: () => ({ body: [existing] }),
      [`POST ${API}/recommendation-posts/`]: () => ({
        status: 409,
        body: { code: 'RECOMMENDATION_POST_NAME_TAKEN', detail: TAKEN },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<RecommendationPostsPage />, '/admin/recommendation-posts?company=76');
    await screen.findByRole('region', { name: '推荐职位：副总经理' });
    await user.click(screen.getByRole('button', { name: /添加推荐职位/ }));
    const dialog = await dialogTitled('添加推荐职位');
    await user.type(within(dialog).getByLabelText('推荐职位名称'), '副总经理');
    await user.type(within(dialog).getByLabelText('第 1 名人选姓名'), '李娜');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(screen.queryByText('推荐职位已添加')).toBeNull();
    expect(within(dialog).getByLabelText('推荐职位名称')).toHaveValue('副总经理');
    // Still open (not leaving): the admin corrects the name and saves again.
    expect(dialog.className).not.toMatch(/leave/);
    expect(within(dialog).getByRole('button', { name: /保\s*存/ })).toBeEnabled();
    expect(screen.getAllByRole('region', { name: /^推荐职位：/ })).toHaveLength(1);
  });

  it('lists each post of an import that is already there, and adds nothing', async () => {
    const onImported = vi.fn();
    mockFetch({
      [`POST ${API}/recommendation-posts/import`]: () => ({
        status: 422,
        body: {
          code: 'IMPORT_ROWS_INVALID',
          detail: '有 1 行有误，未导入任何数据',
          errors: [
            { row: 2, reason: '推荐职位“副总经理”已存在（本批次已有同名职位，请删去这些行或改用其他名称）' },
          ],
        },
      }),
    });
    renderAdmin(<PostsImportButton companyId={76} onImported={onImported} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: /从 Excel 导入/ }));
    const dialog = await dialogTitled('从 Excel 导入推荐职位');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['x'], '推荐职位.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.setup({ applyAccept: false }).upload(input, file);
    expect(await within(dialog).findByText('有 1 行有误，未导入任何数据')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '第 2 行：推荐职位“副总经理”已存在（本批次已有同名职位，请删去这些行或改用其他名称）',
      ),
    ).toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();
  });
});
