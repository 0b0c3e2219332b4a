import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderPollPage, templatePoll, type Call } from './scoring-test-utils';

afterEach(() => vi.unstubAllGlobals());

type Save = (call: Call) => Response;

/** A loaded company poll whose PUT is answered by `save` (echoing the body by default). */
function loaded(
  save: Save = (c) => json(200, { ...templatePoll(), ...(c.body as object), updated_at: 'later' }),
) {
  return mockApi((call) => {
    if (call.method === 'PUT') return save(call);
    return json(200, [templatePoll()]);
  });
}

/** Replaces a field's text in one change event: typing key by key re-renders the editor each time. */
function replace(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}

const saveButton = () => screen.getByText('保存').closest('button')!;

// Whole antd pages in jsdom: seconds each, far more on a shared, busy machine.
describe('scoring poll editor', { timeout: 60_000 }, () => {
  it('edits the title, a score and an item, deletes rows, and saves it all', async () => {
    const user = userEvent.setup();
    const calls = loaded();
    renderPollPage();
    const title = await screen.findByLabelText('问卷标题');
    replace(title, '2025年度班子测评表');
    expect(screen.getByTestId('title-preview')).toHaveTextContent('某某单位2025年度班子测评表');
    const score = screen.getByLabelText('总体评价选项 2 分值');
    replace(score, '30.5');
    const item = screen.getByLabelText('评价项目 2 题目名称');
    replace(item, '经营发展');
    await user.click(screen.getByLabelText('删除评价项目 1'));
    expect(await screen.findByText('题目已删除')).toBeInTheDocument();
    await user.click(screen.getByLabelText('删除反向测评题目 4'));
    expect(await screen.findByText('反向测评题目已删除')).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText('问卷计分规则保存成功')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/v1/admin/polls/7');
    const body = put.body as {
      title: string;
      form_schema: {
        evaluationGroups: [{ options: { score: number }[] }, { items: { id: string; name: string }[] }];
        reverseEvaluation: { items: unknown[] };
      };
    };
    expect(body.title).toBe('2025年度班子测评表');
    expect(body.form_schema.evaluationGroups[0].options[1]!.score).toBe(30.5);
    expect(body.form_schema.evaluationGroups[1].items[0]).toEqual({
      id: 'business_performance',
      name: '经营发展',
    });
    expect(body.form_schema.evaluationGroups[1].items).toHaveLength(5);
    expect(body.form_schema.reverseEvaluation.items).toHaveLength(3);
    expect(await screen.findByText('所有修改已保存')).toBeInTheDocument();
  });

  it('refuses a reverse score outside -100..0 or off the 0.1 step without calling the server', async () => {
    const user = userEvent.setup();
    const calls = loaded();
    renderPollPage();
    const reverse = await screen.findByLabelText('反向测评选项 1 分值');
    replace(reverse, '-150');
    expect(screen.getByText('反向测评分值不能小于 -100')).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText(/保存失败: .*反向测评第 1 个选项.*-100/)).toBeInTheDocument();

    replace(reverse, '-3.14159');
    expect(screen.getByText('分值必须是 0.1 的整数倍')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it.each([
    [
      'the server refuses with a detail',
      () => json(422, { detail: '分项评价：选项值“good”重复' }),
      '保存失败: 分项评价：选项值“good”重复',
    ],
    ['the server fails without a detail', () => json(500), '保存失败: 请检查数据格式'],
    [
      'the server cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
      '保存失败，请重试',
    ],
  ])('tells when %s', async (_name, save, text) => {
    const user = userEvent.setup();
    loaded(save);
    renderPollPage();
    const title = await screen.findByLabelText('问卷标题');
    await user.type(title, '（修订）');
    await user.click(saveButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    // The dialog re-opens while its closing animation runs, which jsdom never finishes.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    loaded();
    const router = renderPollPage();
    replace(await screen.findByLabelText('问卷标题'), '改过的标题');
    void router.navigate('/admin/other');
    // The first antd dialog of a run builds its styles; on a busy machine that takes over a second.
    const title = await screen.findByText(
      '有未保存的修改',
      { selector: '.ant-modal-title' },
      { timeout: 8000 },
    );
    expect(title).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '留在此页' }));
    expect(router.state.location.pathname).toBe('/admin/poll-management');
    void router.navigate('/admin/other');
    await user.click(await screen.findByRole('button', { name: '离开，不保存' }, { timeout: 8000 }));
    await waitFor(() => expect(screen.getByText('其他页面')).toBeInTheDocument());
  });

  it('shows the lock before the admin types once the poll has ballots: names and scores cannot change', async () => {
    mockApi((call) => {
      if (call.path.startsWith('/api/v1/admin/polls/7/stats')) {
        return json(200, [{ id: 7, ballot_count: 12, voter_count: 12 }]);
      }
      return json(200, [templatePoll()]);
    });
    renderPollPage();
    await screen.findByLabelText('问卷标题');
    expect(await screen.findByText('该问卷已有 12 份投票记录', {}, { timeout: 8000 })).toBeInTheDocument();
    for (const label of [
      '总体评价选项 1 名称',
      '总体评价选项 1 分值',
      '分项评价选项 2 名称',
      '反向测评选项 1 分值',
    ]) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(screen.getByLabelText('删除总体评价选项 1')).toBeDisabled();
    expect(screen.getByLabelText('删除评价项目 1')).toBeDisabled();
    expect(screen.getByLabelText('删除反向测评题目 1')).toBeDisabled();
    expect(screen.getByText('添加评价项目').closest('button')).toBeDisabled();
    // What voters answered is still worded freely.
    expect(screen.getByLabelText('评价项目 1 题目名称')).toBeEnabled();
    expect(screen.getByLabelText('问卷标题')).toBeEnabled();
  });
});
