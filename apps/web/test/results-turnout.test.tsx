import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { useLiveTurnout } from '@/features/results/api/turnout';
import { TurnoutCard } from '@/features/results/components/turnout-card';
import { turnout, turnoutRow } from './results-fixtures';

type Query = ReturnType<typeof useLiveTurnout>;
const show = (rows: Parameters<typeof turnout>[1]) =>
  render(
    <TurnoutCard
      query={{ data: turnout(1, rows), error: null, isLoading: false, isFetching: false } as unknown as Query}
    />,
  );

const bar = (id: number) => screen.getByTestId(`turnout-${id}`).querySelector('.ant-progress')!;

describe('turnout: 发出数 / 收回数 / 参评率', () => {
  it('shows issued, returned and the rate; a full house is not painted as a success', () => {
    show([
      turnoutRow(1, '班子成员', { access_mode: 'codes', issued: 40, received: 40, rate: 100 }),
      turnoutRow(2, '中层干部', { expected_voters: 30, received: 21, rate: 70 }),
    ]);
    const first = within(screen.getByTestId('turnout-1'));
    expect(first.getByText('发出 40 · 收回 40')).toBeInTheDocument();
    expect(first.getByText('100.00%')).toBeInTheDocument();
    expect(within(screen.getByTestId('turnout-2')).getByText('70.00%')).toBeInTheDocument();
    expect(bar(1)).not.toHaveClass('ant-progress-status-success');
    expect(screen.queryByText(/参评率未过半数|超过发出数/)).not.toBeInTheDocument();
  });

  it('warns in the warning colour above 100 % and below half', () => {
    show([
      turnoutRow(1, '班子成员', { issued: 10, received: 12, rate: 120, rate_warning: 'over' }),
      turnoutRow(2, '中层干部', { issued: 30, received: 9, rate: 30, rate_warning: 'under' }),
    ]);
    const over = within(screen.getByTestId('turnout-1')).getByText('收回数超过发出数，请核对');
    const under = within(screen.getByTestId('turnout-2')).getByText('参评率未过半数');
    expect(over).toHaveStyle({ color: '#fa8c16' });
    expect(under).toHaveStyle({ color: '#fa8c16' });
    expect(within(screen.getByTestId('turnout-1')).getByText('120.00%')).toBeInTheDocument();
    for (const id of [1, 2]) expect(bar(id)).not.toHaveClass('ant-progress-status-success');
  });

  it('says why there is no rate, and keeps test ballots apart', () => {
    show([
      turnoutRow(1, '班子成员', { access_mode: 'codes', issued: null, test_mode: true, test_received: 3 }),
      turnoutRow(2, '中层干部', { received: 4 }),
    ]);
    const first = within(screen.getByTestId('turnout-1'));
    expect(first.getByText('尚未发放测评码，无法计算参评率')).toBeInTheDocument();
    expect(first.getByText('另有试投票 3 张，不计入结果')).toBeInTheDocument();
    expect(first.getByText('试投票')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('turnout-2')).getByText('未设应到人数，无法计算参评率'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('turnout-2')).getByText('发出 — · 收回 4')).toBeInTheDocument();
  });
});

describe('turnout: 纸质 / 线上 (issue 16)', () => {
  it('splits what came back into paper sheets and phone ballots', () => {
    show([
      turnoutRow(1, '班子成员', { access_mode: 'codes', issued: 40, received: 31, paper: 12, online: 19 }),
      turnoutRow(2, '中层干部', { received: 5, paper: 0, online: 5 }),
    ]);
    expect(within(screen.getByTestId('turnout-1')).getByText('发出 40 · 收回 31')).toBeInTheDocument();
    expect(screen.getByTestId('turnout-sources-1')).toHaveTextContent('（纸质 12 · 线上 19）');
    expect(screen.getByTestId('turnout-sources-2')).toHaveTextContent('（纸质 0 · 线上 5）');
  });
});
