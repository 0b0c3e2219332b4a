import { ACCESS_MODE_LABELS, type AccessMode } from '@kaoping/contracts/ballot-codes';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { App, Card, Radio, Typography } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { useCodeMutations } from '../api/codes';

const EXPLAIN: Record<AccessMode, string> = {
  codes: '每人凭一个测评码投票一次，适合正式投票。扫码或打开链接后需输入纸条上的测评码。',
  link: '扫码即可投票，依靠投票人的浏览器识别身份：换浏览器或无痕窗口即可再次投票。填写应到人数后，收满即停止接受投票。',
};

/** The vote type's access mode; the server refuses a change once formal ballots exist. */
export function AccessModeCard({ voteType }: { voteType: VoteType }) {
  const { message, modal } = App.useApp();
  const { mode } = useCodeMutations(voteType);

  const change = (next: AccessMode) =>
    modal.confirm({
      title: `改为“${ACCESS_MODE_LABELS[next]}”方式？`,
      content: EXPLAIN[next],
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await mode.mutateAsync(next);
          message.success(`已改为${ACCESS_MODE_LABELS[next]}方式`);
        } catch (err) {
          message.error(errorDetail(err, '修改失败，请重试'));
        }
      },
    });

  return (
    <Card size="small" className="kp-codes-card" title="投票方式">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={voteType.access_mode}
        disabled={mode.isPending}
        onChange={(e) => change(e.target.value as AccessMode)}
        options={(['codes', 'link'] as const).map((m) => ({ value: m, label: ACCESS_MODE_LABELS[m] }))}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 13, margin: '12px 0 0' }}>
        {EXPLAIN[voteType.access_mode]} 已有正式选票后不能再更改。
      </Typography.Paragraph>
    </Card>
  );
}
