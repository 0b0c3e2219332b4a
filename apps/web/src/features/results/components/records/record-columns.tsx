import { BALLOT_SOURCE_LABELS, type BallotSource } from '@kaoping/contracts/paper-ballots';
import type { Breakpoint } from 'antd';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ListState } from '../../lib/list-state';
import { DeleteVoterButton } from './delete-voter-button';

/** Any row of the records screens: a ballot row or a whole ballot (submission), named by its 随机编号. */
interface VoterRow {
  voter_key: string;
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

/**
 * 随机编号: the random key the server made for the ballot (never the voter's browser id, code or receipt,
 * and no time: issue 26); the lists are sorted by it on the server, an order unrelated to arrival. A test
 * ballot carries its 试投票 tag here.
 */
export const keyColumn = <T extends { is_test: boolean; voter_key: string }>(
  list: ListState,
  responsive?: Breakpoint[],
): ColumnType<T> => ({
  title: '随机编号',
  key: 'voter_key',
  dataIndex: 'voter_key',
  sorter: true,
  sortOrder: list.sortOrder('voter_key'),
  responsive,
  render: (v: string, r) => (
    <>
      <Typography.Text copyable={{ text: v }} style={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
        {v}
      </Typography.Text>
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
          voter={r.voter_key}
          voteTypeName={r.vote_type_name}
          onConfirm={(reason) => onDelete(r, reason)}
          blocked={deleteBlocked?.(r)}
        />
      )}
    </Space>
  ),
});
