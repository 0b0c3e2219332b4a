import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScoringBallot, type ScoringBallotProps } from './scoring-ballot';
import {
  emptyScoringAnswers,
  formatScore,
  scoringProgress,
  type ScoringAnswers,
  type ScoringFormSchema,
} from './scoring-ballot-model';

const schema: ScoringFormSchema = {
  evaluationGroups: [
    {
      title: '总体评价',
      options: [
        { label: '好', value: 'good', score: 40 },
        { label: '较好', value: 'fair', score: 32 },
        { label: '差', value: 'poor', score: 0 },
      ],
    },
    {
      title: '分项评价',
      options: [
        { label: '好', value: 'good', score: 10 },
        { label: '一般', value: 'avg', score: 5.5 },
      ],
      items: [
        { id: 'politics', name: '政治素质' },
        { id: 'unity', name: '团结协作' },
      ],
    },
  ],
  reverseEvaluation: {
    title: '反向测评',
    options: [{ label: '存在', value: 'present', score: -5 }],
    items: [
      { id: 'formalism', description: '形式主义问题' },
      { id: 'inaction', description: '不担当不作为' },
    ],
  },
};

function Harness(props: Partial<ScoringBallotProps> & { onSpy?: (a: ScoringAnswers) => void }) {
  const [value, setValue] = useState<ScoringAnswers>(props.value ?? emptyScoringAnswers());
  return (
    <ScoringBallot
      schema={props.schema ?? schema}
      targetName="某某公司"
      pollTitle="领导班子民主测评表"
      {...props}
      value={value}
      onChange={(next) => {
        props.onSpy?.(next);
        setValue(next);
      }}
    />
  );
}

const total = () => screen.getByRole('status');

describe('ScoringBallot', () => {
  it('labels every choice group for screen readers', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: '某某公司' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: '政治素质' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: '团结协作' })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: '政治素质' });
    expect(within(group).getByRole('radio', { name: '好' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /形式主义问题/ })).toBeInTheDocument();
  });

  it('replaces the previous choice when another option is chosen', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness onSpy={spy} />);
    const overall = screen.getByRole('radiogroup', { name: '总体评价' });
    await user.click(within(overall).getByRole('radio', { name: '好' }));
    await user.click(within(overall).getByRole('radio', { name: '较好' }));
    expect(within(overall).getByRole('radio', { name: '较好' })).toBeChecked();
    expect(within(overall).getByRole('radio', { name: '好' })).not.toBeChecked();
    expect(spy).toHaveBeenLastCalledWith({ overall: 'fair', items: {}, reverse: {} });
  });

  it('updates the running total as the voter chooses, reverse marks subtracting', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(total()).toHaveTextContent('当前得分0.0分满分 60.0已选 0/3 项');
    await user.click(
      within(screen.getByRole('radiogroup', { name: '总体评价' })).getByRole('radio', { name: '好' }),
    );
    expect(total()).toHaveTextContent('40.0');
    await user.click(
      within(screen.getByRole('radiogroup', { name: '政治素质' })).getByRole('radio', { name: '一般' }),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: '团结协作' })).getByRole('radio', { name: '好' }),
    );
    expect(total()).toHaveTextContent('55.5');
    expect(total()).toHaveTextContent('已选 3/3 项');
    await user.click(screen.getByRole('checkbox', { name: /形式主义问题/ }));
    expect(total()).toHaveTextContent('50.5');
    await user.click(screen.getByRole('checkbox', { name: /形式主义问题/ }));
    expect(total()).toHaveTextContent('55.5');
  });

  it('can be answered with the keyboard alone', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness onSpy={spy} />);
    await user.tab();
    const first = within(screen.getByRole('radiogroup', { name: '总体评价' })).getByRole('radio', {
      name: '好',
    });
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    expect(spy).toHaveBeenLastCalledWith(expect.objectContaining({ overall: 'good' }));
  });

  it('cannot be changed in read-only mode', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const value = { overall: 'poor', items: { politics: 'good' }, reverse: { inaction: 'present' } };
    render(<ScoringBallot schema={schema} value={value} onChange={onChange} readOnly targetName="张三" />);
    const overall = screen.getByRole('radiogroup', { name: '总体评价' });
    await user.click(within(overall).getByRole('radio', { name: '好' }));
    await user.click(screen.getByRole('checkbox', { name: /形式主义问题/ }));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(overall).getByRole('radio', { name: '差' })).toBeChecked();
    expect(within(overall).getByRole('radio', { name: '好' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /不担当不作为/ })).toBeChecked();
    expect(total()).toHaveTextContent('得分5.0分');
  });

  it('offers a "none" choice when reverse items have several degrees', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    const multi: ScoringFormSchema = {
      ...schema,
      reverseEvaluation: {
        ...schema.reverseEvaluation,
        options: [
          { label: '较轻', value: 'light', score: -2 },
          { label: '严重', value: 'heavy', score: -10 },
        ],
      },
    };
    render(<Harness schema={multi} onSpy={spy} />);
    const group = screen.getByRole('radiogroup', { name: '形式主义问题' });
    expect(within(group).getByRole('radio', { name: '无此问题' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: '严重' }));
    expect(spy).toHaveBeenLastCalledWith(expect.objectContaining({ reverse: { formalism: 'heavy' } }));
    await user.click(within(group).getByRole('radio', { name: '无此问题' }));
    expect(spy).toHaveBeenLastCalledWith(expect.objectContaining({ reverse: {} }));
  });

  it('marks unanswered questions when asked to', () => {
    render(
      <ScoringBallot
        schema={schema}
        value={{ overall: '', items: { unity: 'good' }, reverse: {} }}
        targetName="张三"
        showMissing
      />,
    );
    expect(screen.getByRole('radiogroup', { name: /政治素质/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup', { name: /团结协作/ })).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('（请选择）')).toHaveLength(2);
  });
});

describe('scoring ballot model', () => {
  it('sums in tenths and reports what is missing', () => {
    const p = scoringProgress(schema, {
      overall: 'fair',
      items: { politics: 'avg', gone: 'good' },
      reverse: { formalism: 'present', inaction: 'present' },
    });
    expect(p.totalTenths).toBe(320 + 55 - 100);
    expect(p.bestTenths).toBe(600);
    expect(p.answered).toBe(2);
    expect(p.missingItems).toEqual(['unity']);
    expect(p.overallMissing).toBe(false);
  });

  it('formats option scores with a sign', () => {
    expect(formatScore(10)).toBe('+10');
    expect(formatScore(9.6)).toBe('+9.6');
    expect(formatScore(-5)).toBe('-5');
    expect(formatScore(0)).toBe('0');
  });
});
