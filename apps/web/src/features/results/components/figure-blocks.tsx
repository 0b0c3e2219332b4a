import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { Button, Card, Empty, Grid, Result, Skeleton, Typography, type TableProps } from 'antd';
import { AdminTable } from '@/components/admin-table';
import { errorDetail } from '@/lib/api-client';
import { useLiveTurnout } from '../api/turnout';
import { useOnChange } from '../lib/use-on-change';

/**
 * The live turnout of a family; new ballots (or a deleted voter) make the figures worth asking again.
 * An archived round's turnout is asked once (`archived`): it never changes.
 */
export function useTurnoutRefresh(
  companyId: number,
  family: FormCategory,
  figures: UseQueryResult,
  roundId?: number,
  archived = false,
) {
  const turnout = useLiveTurnout(companyId, family, roundId, !archived);
  useOnChange(turnout.data?.received, () => void figures.refetch());
  return turnout;
}

export interface FiguresBodyProps<T> {
  query: UseQueryResult<T>;
  /** Shown when the figures cannot be loaded. */
  errorTitle: string;
  isEmpty: (data: T) => boolean;
  /** What the page will show once ballots arrive. */
  emptyHint: string;
  /**
   * The empty state's title: '暂无投票数据', or while the vote types with ballots are still open (decision
   * 0041) '暂无可查看的结果' (there are ballots, counted above, but no figures yet).
   */
  emptyTitle?: string;
  children: (data: T) => ReactNode;
}

/** The figures, or what stands in for them: loading, a failed first load with a retry, no ballots yet. */
export function FiguresBody<T>({
  query,
  errorTitle,
  isEmpty,
  emptyHint,
  emptyTitle = '暂无投票数据',
  children,
}: FiguresBodyProps<T>) {
  const { data } = query;
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError && !data)
    return (
      <Result
        status="error"
        title={errorTitle}
        subTitle={errorDetail(query.error, '请检查网络后重试。')}
        extra={<Button onClick={() => query.refetch()}>重试</Button>}
      />
    );
  if (!data || isEmpty(data))
    return (
      <Card>
        <Empty description={emptyTitle}>
          <Typography.Text type="secondary">{emptyHint}</Typography.Text>
        </Empty>
      </Card>
    );
  return children(data);
}

export interface FigureCardProps {
  title: string;
  /** '3 个测评对象', '12 份答卷'. */
  count: string;
  testId: string;
  children: ReactNode;
}

/** One poll's figures in a card, compact on phones. */
export function FigureCard({ title, count, testId, children }: FigureCardProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Card
      size={screens.sm === false ? 'small' : 'medium'}
      title={title}
      extra={<Typography.Text type="secondary">{count}</Typography.Text>}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

/** A figures table: bordered, on one page, sorted in the browser, scrolling sideways on phones. */
export function FiguresTable<T extends object>({ className, ...props }: TableProps<T>) {
  return (
    <AdminTable<T>
      size="middle"
      bordered
      pagination={false}
      showSorterTooltip={false}
      className={['kp-figures-table', className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
