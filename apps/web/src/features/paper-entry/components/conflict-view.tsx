import { useMemo, useState } from 'react';
import { Alert, App, Button, Modal, Skeleton, Space, Switch, Table, Typography } from 'antd';
import type { BallotEntryInput } from '@kaoping/contracts/public-vote-types';
import { LoadError } from '@/components/load-error';
import { errorDetail } from '@/lib/api-client';
import { rekeySheet, useRefreshPaper, useSheetDetail } from '../api/paper-sheets';
import { cellCount, type EntryRow } from '../lib/entry-rows';
import { cellName, sheetCells, valuesFromBallots } from '../lib/entry-values';
import type { PaperSheetSummary } from '@kaoping/contracts/paper-ballots';

/** Every cell of one entry as text, keyed so that the two entries of a sheet line up. */
export type DescribeEntry = (
  entries: readonly unknown[],
) => Map<string, { row: number; what: string; text: string }>;

export interface ConflictViewProps {
  voteTypeId: number;
  describe: DescribeEntry;
  sheet?: PaperSheetSummary;
  /** The sheet's name on screen (a talk's 谈话序号). */
  name?: (sheet: PaperSheetSummary) => string;
  onClose: () => void;
  /** Re-key the sheet by hand. */
  onRekey: () => void;
}

interface Line {
  key: string;
  row: number;
  what: string;
  first: string;
  second: string;
  differs: boolean;
}

/** The cells of a questionnaire's entry (its `{ poll_id }` entries), row by row. */
export const questionnaireCells =
  (rows: EntryRow[]): DescribeEntry =>
  (entries) => {
    const polls = entries.filter(
      (e): e is BallotEntryInput => !!e && typeof e === 'object' && 'poll_id' in e,
    );
    const cells = sheetCells(rows, valuesFromBallots(rows, polls));
    const out = new Map<string, { row: number; what: string; text: string }>();
    rows.forEach((row, r) => {
      for (let c = 0; c < cellCount(row); c += 1) {
        const what = row.kind === 'scoring' ? `${row.label} · ${cellName(row, c)}` : row.label;
        out.set(`${row.id}#${c}`, { row: r + 1, what, text: cells.get(`${row.id}#${c}`) ?? '' });
      }
    });
    return out;
  };

/** Every cell of the two entries side by side; the cells that differ are marked. */
function compare(describe: DescribeEntry, first: readonly unknown[], second: readonly unknown[]): Line[] {
  const a = describe(first);
  const b = describe(second);
  return [...a].map(([key, x]) => {
    const y = b.get(key)?.text ?? '';
    return { key, row: x.row, what: x.what, first: x.text, second: y, differs: x.text !== y };
  });
}

/** 核对: the two entries of a sheet that disagree, for a third person to settle. */
export function ConflictView({ voteTypeId, describe, sheet, name, onClose, onRekey }: ConflictViewProps) {
  const { message } = App.useApp();
  const detail = useSheetDetail(voteTypeId, sheet?.key);
  const refresh = useRefreshPaper(voteTypeId);
  const [onlyDiff, setOnlyDiff] = useState(true);
  const [busy, setBusy] = useState<'first' | 'second'>();
  const data = detail.data;
  const lines = useMemo(
    () => (data?.second ? compare(describe, data.first, data.second) : []),
    [describe, data],
  );
  const diffs = lines.filter((l) => l.differs).length;

  const adopt = async (which: 'first' | 'second') => {
    const ballots = which === 'first' ? data!.first : data!.second!;
    setBusy(which);
    try {
      await rekeySheet(voteTypeId, data!.key, ballots);
      message.success(`${name ? name(data!) : data!.label} 已核对并计票`);
      onClose();
    } catch (err) {
      message.error(errorDetail(err, '核对失败，请重试'));
    } finally {
      setBusy(undefined);
      refresh();
    }
  };

  const blocked = data?.entered_by_me ?? false;
  return (
    <Modal
      title={sheet ? `核对 ${name ? name(sheet) : sheet.label}：两次录入不一致` : '核对'}
      open={sheet !== undefined}
      onCancel={onClose}
      width={880}
      destroyOnHidden
      footer={
        data?.second ? (
          <Space wrap>
            <Button onClick={onClose}>关闭</Button>
            <Button disabled={blocked || busy !== undefined} onClick={() => onRekey()}>
              对照原票重新录入
            </Button>
            <Button
              type="primary"
              ghost
              disabled={blocked}
              loading={busy === 'first'}
              onClick={() => void adopt('first')}
            >
              采用第一次录入
            </Button>
            <Button
              type="primary"
              disabled={blocked}
              loading={busy === 'second'}
              onClick={() => void adopt('second')}
            >
              采用第二次录入
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>关闭</Button>
        )
      }
    >
      {detail.isLoading && <Skeleton active />}
      {detail.isError && (
        <LoadError title="获取录入内容失败" error={detail.error} onRetry={() => void detail.refetch()} />
      )}
      {data && !data.second && (
        <Alert type="info" showIcon title="这张纸质票只录入了一次，没有可比较的内容" />
      )}
      {data?.second && (
        <>
          {blocked ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title="您参与了这张纸质票的录入：核对需由未参与录入的第三人完成"
            />
          ) : (
            <Typography.Paragraph type="secondary">
              请取出原始纸质票，对照下列不一致之处，采用正确的一次录入，或重新录入整张选票。
            </Typography.Paragraph>
          )}
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8 }}>
            <Typography.Text strong>{diffs} 处不一致</Typography.Text>
            <Switch size="small" checked={onlyDiff} onChange={setOnlyDiff} aria-label="只看不一致" />
            <span>只看不一致</span>
          </div>
          <Table<Line>
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ y: 420, x: 'max-content' }}
            dataSource={onlyDiff ? lines.filter((l) => l.differs) : lines}
            rowClassName={(l) => (l.differs ? 'kp-pe-diff' : '')}
            columns={[
              { title: '行', dataIndex: 'row', width: 48 },
              { title: '项目', dataIndex: 'what' },
              { title: '第一次录入', dataIndex: 'first', render: (v: string) => v || '（空）' },
              { title: '第二次录入', dataIndex: 'second', render: (v: string) => v || '（空）' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
