import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Poll } from '@kaoping/contracts/poll';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollEditor } from '@/features/cadre-polls/components/poll-editor/poll-editor';
import { mockApi, renderAdmin, type Handler } from './cadre-test-utils';

const poll: Poll = {
  id: 7,
  title: '选人用人工作民主评议表',
  description: '',
  target_type: 'cadre',
  company_id: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  form_schema: {
    title: '选人用人工作民主评议表',
    pages: [
      {
        questions: [
          { id: 'overall', type: 'single_choice', text: '总体评价', options: ['好', '较好', '一般'] },
        ],
        footer_text: '页脚一',
      },
    ],
  },
};

const renderEditor = (p: Poll = poll) => renderAdmin(<PollEditor poll={p} previewType="cadre" />);

// Typing goes through change events and controls are found by label: the antd tree is large, and
// per-keystroke typing with role queries made these tests take seconds each.
const setText = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const button = (text: string) => screen.getByText(text).closest('button')!;
const preview = () => within(screen.getByTestId('poll-preview'));

const noBallots: Handler = () => ({ status: 200, body: [] });
/** The editor asks for the ballot count of its poll; every test answers that, some more. */
const api = (routes: Record<string, Handler> = {}) =>
  mockApi({ 'GET /admin/polls/7/stats': noBallots, ...routes });

beforeEach(() => {
  api();
});
afterEach(() => vi.unstubAllGlobals());

describe('PollEditor (cadre)', () => {
  it('adds a page and a multiple-choice question, edits its options, and the preview follows', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderEditor();
    expect(screen.getByText('所有修改均已保存')).toBeInTheDocument();
    await user.click(button('添加页面'));
    const page2 = screen.getByLabelText('第 2 页');
    await user.click(within(page2).getByLabelText('第 2 页添加多选题'));

    setText('第 2 题题目内容', '存在哪些问题');
    setText('第 2 题选项 1', '把关不严');
    await user.click(within(page2).getByText('添加选项').closest('button')!);
    expect(screen.getByLabelText('第 2 题选项 3')).toHaveValue('选项三');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    // The preview shows page 1 first; its next button leads to the new page after the debounce.
    await user.click(await preview().findByRole('button', { name: '下一页' }));
    expect(await preview().findByRole('checkbox', { name: '把关不严' })).toBeDisabled();
    expect(preview().getByRole('group', { name: /存在哪些问题/ })).toBeInTheDocument();
  });

  it('changes a question type and reorders and removes options', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderEditor();
    await user.click(screen.getByLabelText('下移第 1 题选项 1'));
    expect(screen.getByLabelText('第 1 题选项 1')).toHaveValue('较好');
    await user.click(screen.getByLabelText('删除第 1 题选项 3'));
    expect(screen.queryByLabelText('第 1 题选项 3')).not.toBeInTheDocument();
    // Two options are the least a choice question can have.
    expect(screen.getByLabelText('删除第 1 题选项 2')).toBeDisabled();

    await user.click(screen.getByLabelText('第 1 题题型'));
    await user.click(await screen.findByTitle('文本题'));
    expect(screen.queryByLabelText('第 1 题选项 1')).not.toBeInTheDocument();
    setText('第 1 题提示文字', '请写下理由');
    expect(await preview().findByPlaceholderText('请写下理由', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('saves the edited schema with PUT and reports success', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const fetchMock = api({
      'PUT /admin/polls/7': (body) => ({ status: 200, body: { ...poll, ...(body as object) } }),
    });
    renderEditor();
    setText('问卷主标题', '2025年度选人用人工作民主评议表');
    await user.click(button('添加页面'));
    await user.click(screen.getByLabelText('第 2 页添加单选题'));
    await user.click(button('保存'));

    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/v1/admin/polls/7')!;
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body)) as { title: string; form_schema: { pages: unknown[] } };
    expect(body.title).toBe('2025年度选人用人工作民主评议表');
    expect(body.form_schema.pages).toHaveLength(2);
    await waitFor(() => expect(screen.getByText('所有修改均已保存')).toBeInTheDocument());
  });

  it('refuses to save an invalid schema and says why', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const fetchMock = api();
    renderEditor();
    setText('第 1 题题目内容', '');
    await user.click(button('保存'));
    expect(await screen.findByText(/保存失败：问卷内容有误/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows only an add-first-page button while the schema has no page', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderEditor({ ...poll, form_schema: { title: '空问卷', pages: [] } });
    expect(screen.queryByLabelText('问卷主标题')).not.toBeInTheDocument();
    expect(preview().getByText('问卷暂无内容')).toBeInTheDocument();
    await user.click(button('添加第一页'));
    expect(screen.getByLabelText('问卷主标题')).toHaveValue('空问卷');
    expect(screen.getByLabelText('第 1 页')).toBeInTheDocument();
  });

  it('says up front when ballots already exist, and locks options and questions before typing', async () => {
    api({ 'GET /admin/polls/7/stats': () => ({ status: 200, body: [{ id: 7, ballot_count: 3 }] }) });
    renderEditor();
    expect(await screen.findByText('该问卷已有 3 份投票记录')).toBeInTheDocument();
    expect(screen.getByLabelText('第 1 题选项 1')).toBeDisabled();
    expect(screen.getByLabelText('删除第 1 题选项 1')).toBeDisabled();
    expect(screen.getByLabelText('第 1 题题型')).toBeDisabled();
    expect(screen.getByLabelText('第 1 题必答')).toBeDisabled();
    expect(screen.getByLabelText('删除第 1 题')).toBeDisabled();
    expect(screen.getByLabelText('第 1 页添加单选题')).toBeDisabled();
    expect(within(screen.getByLabelText('第 1 页')).getByText('添加选项').closest('button')).toBeDisabled();
    // Texts stay editable.
    expect(screen.getByLabelText('第 1 题题目内容')).toBeEnabled();
    expect(screen.getByLabelText('第 1 页页脚文字')).toBeEnabled();
  });

  it('refreshes the preview on demand', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderEditor();
    await user.click(button('刷新预览'));
    expect(await screen.findByText('预览已刷新')).toBeInTheDocument();
  });
});

describe('PollEditor (newly_promoted preview type)', () => {
  it('edits the four texts and previews them with the given subjects', async () => {
    api({ 'GET /admin/polls/8/stats': noBallots });
    const np: Poll = { ...poll, id: 8, target_type: 'newly_promoted', form_schema: {} };
    renderAdmin(
      <PollEditor poll={np} previewType="newly_promoted" previewSubjects={[{ id: 1, name: '陈明' }]} />,
    );
    // No schema at all: every default (spec §3).
    expect(screen.getByLabelText('问卷标题')).toHaveValue('新提拔任用干部民主评议表');
    setText('不认同原因的提问', '不认同的原因：');
    expect(await preview().findByText('不认同的原因：')).toBeInTheDocument();
    expect(preview().getByRole('radio', { name: '陈明：认同' })).toBeDisabled();
  });
});
