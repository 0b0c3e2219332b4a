import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled } from './render';
import { json, mockApi, renderPollPage, templatePoll } from './scoring-test-utils';

afterEach(() => vi.unstubAllGlobals());

// Whole antd pages in jsdom: seconds each, far more on a shared, busy machine.
describe('company poll page: choosing, loading and importing', { timeout: 60_000 }, () => {
  it('asks for a company first, and refuses to import without one', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => json(500));
    renderPollPage('/admin/poll-management');
    expect(screen.getByText('请先在页面顶部选择单位')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /从模板导入/ }));
    expect(await screen.findByText('请先选择公司')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the empty state, imports the template and reloads', async () => {
    const user = userEvent.setup();
    let imported = false;
    const calls = mockApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/v1/admin/polls/copy-from-template') {
        imported = true;
        return json(201, templatePoll());
      }
      if (path === '/api/v1/admin/polls/company/1?target_type=company') {
        return json(200, imported ? [templatePoll()] : []);
      }
      return json(404, { detail: '未知' });
    });
    renderPollPage();
    expect(await screen.findByText('该公司暂无问卷')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /从模板导入/ }));
    // Nothing is created before the admin confirms what will be.
    const confirm = await dialogTitled('从模板导入问卷？');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: /导\s*入/ }));
    expect(await screen.findByText('从模板导入问卷成功')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('领导班子民主测评表')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ company_id: 1, target_type: 'company' });
    expect(screen.getByTestId('title-preview')).toHaveTextContent('预览：某某单位领导班子民主测评表');
  });

  it('says what the import will create, and creates nothing when cancelled', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => json(200, []));
    renderPollPage();
    await user.click(await screen.findByRole('button', { name: /从模板导入/ }));
    const confirm = await dialogTitled('从模板导入问卷？');
    expect(confirm).toHaveTextContent('将为“华东能源集团”创建“领导班子民主测评表”');
    expect(confirm).toHaveTextContent('总体评价 4 个选项（好、较好、一般、差）');
    expect(confirm).toHaveTextContent('分项评价 6 项');
    expect(confirm).toHaveTextContent('反向测评 4 题');
    await user.click(within(confirm).getByRole('button', { name: /取\s*消/ }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByText('该公司暂无问卷')).toBeInTheDocument();
  });

  it("shows the server's detail when the import is refused, else a plain message", async () => {
    const user = userEvent.setup();
    let mode: 'conflict' | 'network' = 'conflict';
    mockApi(({ method }) => {
      if (method === 'POST') {
        if (mode === 'network') throw new TypeError('Failed to fetch');
        return json(409, { detail: '该单位已有此类问卷' });
      }
      return json(200, []);
    });
    renderPollPage();
    const importAndConfirm = async () => {
      await user.click(await screen.findByRole('button', { name: /从模板导入/ }));
      const confirm = await dialogTitled('从模板导入问卷？');
      await user.click(within(confirm).getByRole('button', { name: /导\s*入/ }));
    };
    await importAndConfirm();
    expect(await screen.findByText('该单位已有此类问卷')).toBeInTheDocument();
    mode = 'network';
    await importAndConfirm();
    expect(await screen.findByText('导入问卷失败')).toBeInTheDocument();
  });

  it('reports a failed load and will not save what is not loaded', async () => {
    const user = userEvent.setup();
    mockApi(() => json(500, { detail: '服务器内部错误' }));
    renderPollPage();
    const alert = await screen.findByText('获取问卷数据失败', { selector: '.ant-message *' });
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('无法保存，问卷数据未加载')).toBeInTheDocument();
  });

  it('shows the ballot preview beside the editor', async () => {
    mockApi(() => json(200, [templatePoll()]));
    renderPollPage();
    const preview = await screen.findByRole('article', {}, { timeout: 5000 });
    expect(within(preview).getByRole('heading', { name: '某某单位' })).toBeInTheDocument();
    expect(within(preview).getByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
  });
});
