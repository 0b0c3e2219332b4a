import { BALLOT_SOURCE_LABELS, type BallotSource } from '@kaoping/contracts/paper-ballots';
import type { Breakpoint } from 'antd';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ListState } from '../../lib/list-state';
import { DeleteVoterButton } from './delete-voter-button';
import { TimeCell } from './time-cell';

/** Any row of the records screens: a ballot or a voter's submission. */
interface VoterRow {
  voter_identifier: string;
  vote_type_id: number;
  vote_type_name: string | null;
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: boolean;
}

/** 试投票: a rehearsal ballot, kept apart from the figures. */
export const TestTag = ({ show }: { show: boolean }) =>
  show ? (
    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
      试投票
    </Tag>
  ) : null;

/** 投票时间 (to the minute), sorted on the server; a test ballot carries its 试投票 tag here. */
export const timeColumn = <T extends { is_test: boolean }>(
  list: ListState,
  responsive?: Breakpoint[],
): ColumnType<T> => ({
  title: '投票时间',
  key: 'created_at',
  dataIndex: 'created_at',
  sorter: true,
  sortOrder: list.sortOrder('created_at'),
  responsive,
  render: (v: string, r) => (
    <>
      <TimeCell iso={v} />
      {r.is_test && (
        <div style={{ marginTop: 2 }}>
          <TestTag show />
        </div>
      )}
    </>
  ),
});

export const voteTypeColumn = <T,>(): ColumnType<T> => ({
  title: '投票类型',
  dataIndex: 'vote_type_name',
  responsive: ['sm'],
});

/** 来源: a paper sheet keyed by staff (纸质) or a ballot cast on a phone (线上). */
export const sourceColumn = <T extends { source: BallotSource }>(): ColumnType<T> => ({
  title: '来源',
  dataIndex: 'source',
  width: 72,
  render: (s: BallotSource) => (
    <Tag color={s === 'paper' ? 'geekblue' : 'default'} style={{ marginInlineEnd: 0 }}>
      {BALLOT_SOURCE_LABELS[s]}
    </Tag>
  ),
});

/** The voter's identifier, shortened, with a copy button. */
export const voterColumn = <T,>(responsive?: Breakpoint[]): ColumnType<T> => ({
  title: '投票人',
  dataIndex: 'voter_identifier',
  responsive,
  render: (v: string) => (
    <Typography.Text copyable={{ text: v }} style={{ maxWidth: 160 }} ellipsis={{ tooltip: v }}>
      {v}
    </Typography.Text>
  ),
});

/**
 * 查看答卷 and 删除投票人 (the whole submission, behind a confirmation and advanced mode); without
 * `onDelete` (an archived round) only 查看答卷.
 */
export const actionsColumn = <T extends VoterRow>(
  onView: (row: T) => void,
  onDelete?: (row: T, reason: string) => void,
  deleteBlocked?: (row: T) => string | undefined,
): ColumnType<T> => ({
  title: '操作',
  key: 'actions',
  render: (_, r) => (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onView(r)}>
        查看答卷
      </Button>
      {onDelete && (
        <DeleteVoterButton
          voter={r.voter_identifier}
          voteTypeName={r.vote_type_name}
          onConfirm={(reason) => onDelete(r, reason)}
          blocked={deleteBlocked?.(r)}
        />
      )}
    </Space>
  ),
});
