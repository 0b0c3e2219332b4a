import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CadreForm } from '@/public/ballot/cadre-form';
import type { CadreAnswers, CadreFormSchema } from '@/public/ballot/cadre-form-model';

const schema: CadreFormSchema = {
  title: '选人用人工作民主评议表',
  pages: [
    {
      questions: [
        { id: 'overall', type: 'single_choice', text: '总体评价', options: ['好', '较好', '一般'] },
        { id: 'problems', type: 'multiple_choice', text: '主要问题', options: ['甲', '乙', '丙'] },
      ],
      footer_text: '第一页页脚',
    },
    {
      questions: [
        { id: 'advice', type: 'text_area', text: '意见建议', options: [], placeholder: '请填写建议' },
      ],
      footer_text: '',
    },
  ],
};

function Harness({ initial = {}, readOnly = false }: { initial?: CadreAnswers; readOnly?: boolean }) {
  const [value, setValue] = useState<CadreAnswers>(initial);
  return (
    <>
      <CadreForm schema={schema} value={value} onChange={setValue} readOnly={readOnly} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const current = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as CadreAnswers;

describe('CadreForm', () => {
  it('shows the title, the footer and marks required questions on the first page', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: '选人用人工作民主评议表' })).toBeInTheDocument();
    expect(screen.getByText('第一页页脚')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /总体评价.*必答/ })).toBeInTheDocument();
    expect(screen.getByText('第 1 页 / 共 2 页')).toBeInTheDocument();
  });

  it('replaces a single choice on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '好' }));
    await user.click(screen.getByRole('radio', { name: '一般' }));
    expect(current().overall).toBe('一般');
    expect(screen.getByRole('radio', { name: '好' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '一般' })).toBeChecked();
  });

  it('toggles multiple choices and keeps the option order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: '丙' }));
    await user.click(screen.getByRole('checkbox', { name: '甲' }));
    expect(current().problems).toEqual(['甲', '丙']);
    await user.click(screen.getByRole('checkbox', { name: '丙' }));
    expect(current().problems).toEqual(['甲']);
  });

  it('checks required questions before the next page, with a clear message', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.getByText('请先回答第 1、2 题（带 * 号的为必答题）')).toBeInTheDocument();
    expect(screen.getByText('第 1 页 / 共 2 页')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '好' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: '较好' }));
    expect(screen.getByText('请先回答第 2 题（带 * 号的为必答题）')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '乙' }));
    await user.click(screen.getByRole('button', { name: '下一页' }));

    expect(screen.getByText('第 2 页 / 共 2 页')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '选人用人工作民主评议表' })).not.toBeInTheDocument();
    const advice = screen.getByRole('textbox', { name: /意见建议/ });
    expect(advice).toHaveAttribute('placeholder', '请填写建议');
    await user.type(advice, '多听群众意见');
    expect(current().advice).toBe('多听群众意见');
    await user.click(screen.getByRole('button', { name: '上一页' }));
    expect(screen.getByRole('radio', { name: '较好' })).toBeChecked();
  });

  it('blocks every change in read-only mode but lets the pages be browsed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CadreForm schema={schema} value={{ overall: '好' }} onChange={onChange} readOnly />);
    await user.click(screen.getByRole('radio', { name: '一般' }));
    await user.click(screen.getByRole('checkbox', { name: '甲' }));
    expect(screen.getByRole('radio', { name: '好' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '一般' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    const advice = screen.getByRole('textbox', { name: /意见建议/ });
    await user.type(advice, 'x');
    expect(onChange).not.toHaveBeenCalled();
    expect(advice).toHaveValue('');
  });

  it('checks the last page before finishing', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    const one: CadreFormSchema = { title: 'T', pages: [schema.pages[0]!] };
    const { rerender } = render(
      <CadreForm schema={one} value={{}} onChange={() => {}} onFinish={onFinish} />,
    );
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(onFinish).not.toHaveBeenCalled();
    expect(within(screen.getByRole('group', { name: /总体评价/ })).getByRole('alert')).toHaveTextContent(
      '此题为必答题',
    );
    rerender(
      <CadreForm
        schema={one}
        value={{ overall: '好', problems: ['甲'] }}
        onChange={() => {}}
        onFinish={onFinish}
      />,
    );
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('says so when the questionnaire has no pages', () => {
    render(<CadreForm schema={{ title: '空问卷', pages: [] }} value={{}} readOnly />);
    expect(screen.getByText('问卷暂无内容')).toBeInTheDocument();
  });
});
