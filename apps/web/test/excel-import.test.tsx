// The shared 从 Excel 导入 dialog (推荐职位, 考核对象, 测评对象): a rejected file lists each bad row; an accepted
// one says what was added, closes and tells the screen to reload.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostsImportButton } from '@/features/recommendation/components/posts-import';
import { ImportButton } from '@/features/vote-targets/components/import-button';
import { dialogTitled, mockFetch, renderAdmin } from './render';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const xlsx = () =>
  new File(['x'], '名单.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function upload(dialog: HTMLElement) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.setup({ applyAccept: false }).upload(input, xlsx());
}

describe('从 Excel 导入', () => {
  it('lists each bad row of a rejected file and keeps the dialog open', async () => {
    const onImported = vi.fn();
    const calls = mockFetch({
      'POST /api/v1/admin/vote-targets/import': () => ({
        status: 422,
        body: {
          detail: '导入文件有 2 行有误',
          errors: [
            { row: 3, reason: '姓名不能为空' },
            { row: 5, reason: '排序须为整数' },
          ],
        },
      }),
    });
    renderAdmin(<ImportButton path="vote-targets" noun="考核对象" companyId={7} onImported={onImported} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: /从 Excel 导入/ }));
    const dialog = await dialogTitled('从 Excel 导入考核对象');
    await upload(dialog);
    expect(await within(dialog).findByText('导入文件有 2 行有误')).toBeInTheDocument();
    expect(within(dialog).getByText('第 3 行：姓名不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('第 5 行：排序须为整数')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url.searchParams.get('company_id')).toBe('7');
    expect(sent.body).toBeInstanceOf(FormData);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('says how many posts an accepted file added, then reloads the screen', async () => {
    const onImported = vi.fn();
    mockFetch({
      'POST /api/v1/admin/recommendation-posts/import': () => ({
        status: 201,
        body: { created: 2 },
      }),
    });
    renderAdmin(<PostsImportButton companyId={70} onImported={onImported} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: /从 Excel 导入/ }));
    await upload(await dialogTitled('从 Excel 导入推荐职位'));
    expect(await screen.findByText('已导入 2 个推荐职位')).toBeInTheDocument();
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
  });
});
