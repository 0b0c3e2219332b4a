import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from './render';
import {
  appraisalView,
  evaluationView,
  fillCurrentStep,
  renderVotePage,
  SUBMIT_PATH,
  VIEW_PATH,
} from './vote-test-utils';

describe('moving between steps and the review', () => {
  it('lists what is unanswered, links back to it, and does not submit a half ballot', async () => {
    const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    const user = userEvent.setup();
    renderVotePage();
    await screen.findByRole('radiogroup', { name: '总体评价' });
    await fillCurrentStep(user);

    // The jump list shows every step and how far it is.
    await user.click(screen.getByRole('button', { name: /打开答题目录/ }));
    const list = screen.getByRole('dialog', { name: '答题目录' });
    expect(
      within(list).getByRole('button', { name: /1\. 华东能源集团（领导班子）\s*已完成/ }),
    ).toHaveAttribute('aria-current', 'step');
    expect(within(list).getByRole('button', { name: /2\. 张三（总经理）\s*未完成/ })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: '检查并提交' }));

    const review = screen.getByRole('heading', { name: '检查并提交' });
    expect(review).toHaveFocus();
    expect(screen.getByText('以下 2 项尚未答完，请补充后再提交：')).toBeInTheDocument();
    expect(
      screen.getAllByText('未答：总体评价、政治素质、履职能力、担当作为、作风形象、廉洁自律'),
    ).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /华东能源集团/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(screen.getByRole('alert')).toHaveTextContent('以下 2 项尚未答完');
    expect(calls.some((c) => `${c.method} ${c.url.pathname}` === SUBMIT_PATH)).toBe(false);

    // The link goes back to that step, where the missing questions are now marked.
    await user.click(screen.getByRole('link', { name: '3. 李四（副总经理）' }));
    expect(screen.getByRole('heading', { name: /李四/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /第 3 项，共 3 项/ })).toHaveFocus();
    expect(screen.getByRole('radiogroup', { name: /总体评价/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('walks the evaluation ballot: the cadre pages one per step, then the newly promoted table', async () => {
    mockFetch({ [VIEW_PATH]: () => ({ body: evaluationView() }) });
    const user = userEvent.setup();
    renderVotePage();
    expect(await screen.findByText('第 1 页 / 共 2 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /第 1 项，共 3 项/ })).toBeInTheDocument();
    await fillCurrentStep(user);
    await user.click(screen.getByRole('button', { name: '下一项' }));
    expect(screen.getByText('第 2 页 / 共 2 页')).toBeInTheDocument();
    // Questions are numbered across pages, as on the paper form.
    expect(screen.getByRole('group', { name: /^3\./ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下一项' }));
    expect(screen.getByRole('heading', { name: '新提拔任用干部民主评议表' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '王五：认同' }));
    await user.click(screen.getByRole('button', { name: '去提交' }));

    expect(screen.getByText('以下 2 项尚未答完，请补充后再提交：')).toBeInTheDocument();
    expect(screen.getByText('未答：第 3 题')).toBeInTheDocument();
    expect(screen.getByText('未答：赵六')).toBeInTheDocument();
  });
});
