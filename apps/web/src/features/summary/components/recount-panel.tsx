import { useState } from 'react';
import { Alert, Button } from 'antd';
import { ReconciliationOutlined } from '@ant-design/icons';
import { errorDetail } from '@/lib/api-client';
import { type RecountAnswer, useRecount } from '../api/recount';
import { minute } from '../lib/format';
import { SummaryTable } from './summary-table';

interface DifferenceRow {
  key: string;
  voteType: string;
  what: string;
  stored: number | null;
  recounted: number | null;
}

/** A figure one side lacks (e.g. an option only the recount found) shows as a dash. */
const orDash = (n: number | null) => (n === null ? '—' : n);

const differenceRows = (a: RecountAnswer): DifferenceRow[] =>
  a.vote_types.flatMap((v) =>
    v.differences.map((d, i) => ({ key: `${v.vote_type_id}:${i}`, voteType: v.name, ...d })),
  );

/** What the last 重新核算 answered: all consistent, the differences, or why it failed. */
function RecountOutcome({ answer, onClose }: { answer: RecountAnswer; onClose: () => void }) {
  const ballots = answer.vote_types.reduce((a, v) => a + v.ballots, 0);
  const types = answer.vote_types.length;
  const at = minute(answer.checked_at);
  if (types === 0)
    return (
      <Alert
        type="info"
        showIcon
        closable={{ onClose }}
        data-testid="recount-outcome"
        className="kp-sum-recount"
        title={`重新核算于 ${at}：该测评批次还没有已结束投票的票类，暂无可核算的结果`}
      />
    );
  const rows = differenceRows(answer);
  if (rows.length === 0)
    return (
      <Alert
        type="success"
        showIcon
        closable={{ onClose }}
        data-testid="recount-outcome"
        className="kp-sum-recount"
        title={`重新核算一致：${types} 个票类、${ballots} 张选票，保存的结果与原始选票重新计数完全一致`}
        description={`核算于 ${at}（北京时间）`}
      />
    );
  const wrong = answer.vote_types.filter((v) => !v.ok);
  // The table stands under the message, at the page's full width (a phone has little to spare).
  return (
    <div data-testid="recount-outcome" className="kp-sum-recount">
      <Alert
        type="error"
        showIcon
        closable={{ onClose }}
        title={`重新核算发现 ${rows.length} 处不一致：${wrong.map((v) => `“${v.name}”`).join('、')}`}
        description={`核算于 ${at}（北京时间），共 ${types} 个票类、${ballots} 张选票。下表列出保存的结果与原始选票重新计数不同之处，请联系系统管理员核查。`}
      />
      <SummaryTable<DifferenceRow>
        aria-label="重新核算差异"
        className="kp-sum-recount-table"
        // Four columns fit a phone when the long ones wrap, so the figures stay in view without scrolling.
        scroll={{ x: undefined }}
        rowKey="key"
        dataSource={rows}
        columns={[
          { title: '票类', dataIndex: 'voteType' },
          { title: '项目', dataIndex: 'what' },
          { title: '保存值', dataIndex: 'stored', align: 'right', render: orDash },
          { title: '重新计数', dataIndex: 'recounted', align: 'right', render: orDash },
        ]}
      />
    </div>
  );
}

/**
 * 重新核算: counts the unit's closed vote types again from the raw ballots and compares with the figures
 * stored at 结束投票. Gives the button (for the page's head) and the outcome (for under it): whether they
 * agree, with the time and counts, each difference, or the server's reason when it failed.
 */
export function useRecountPanel(companyId: number) {
  const recount = useRecount(companyId);
  const [shown, setShown] = useState(false);
  const hide = () => setShown(false);
  const button = (
    <Button
      icon={<ReconciliationOutlined />}
      loading={recount.isPending}
      onClick={() => {
        setShown(true);
        recount.mutate();
      }}
    >
      {recount.isPending ? '正在核算' : '重新核算'}
    </Button>
  );
  let outcome = null;
  if (shown && recount.data) outcome = <RecountOutcome answer={recount.data} onClose={hide} />;
  else if (shown && recount.error)
    outcome = (
      <Alert
        type="error"
        showIcon
        closable={{ onClose: hide }}
        data-testid="recount-outcome"
        className="kp-sum-recount"
        title="重新核算失败"
        description={errorDetail(recount.error, '重新核算失败，请稍后重试')}
      />
    );
  return { button, outcome };
}
