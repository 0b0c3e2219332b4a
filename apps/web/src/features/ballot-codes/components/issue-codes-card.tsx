import { useState } from 'react';
import { MAX_CODES_PER_ISSUE } from '@kaoping/contracts/ballot-codes';
import type { IssuedCodes } from '@kaoping/contracts/ballot-codes-api';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Alert, App, Button, Card, InputNumber, Space, Typography } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { useCodeMutations } from '../api/codes';
import { useSlipsDownload } from './use-slips-download';

export interface IssueCodesCardProps {
  voteType: VoteType;
  companyName?: string;
  /** Codes issued so far (undefined while loading): the first issue is 发放, later ones 补发. */
  issued?: number;
}

/** 发放 / 补发: N new codes as one batch, whose slips can be downloaded at once. */
export function IssueCodesCard({ voteType, companyName, issued }: IssueCodesCardProps) {
  const { message } = App.useApp();
  const { issue } = useCodeMutations(voteType);
  const slips = useSlipsDownload(voteType, companyName);
  const [count, setCount] = useState<number | null>(voteType.expected_voters ?? 50);
  const [last, setLast] = useState<IssuedCodes>();
  const again = (issued ?? 0) > 0;

  const submit = async () => {
    if (!count) return;
    try {
      const result = await issue.mutateAsync(count);
      setLast(result);
      message.success(
        `已${again ? '补发' : '发放'} ${result.codes.length} 个测评码（第 ${result.batch} 批）`,
      );
    } catch (err) {
      message.error(errorDetail(err, '发放失败，请重试'));
    }
  };

  return (
    <Card size="small" className="kp-codes-card" title={again ? '补发测评码' : '发放测评码'}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {`每次发放为一批，一次最多 ${MAX_CODES_PER_ISSUE} 个。每人一个测评码，只能投票一次；测评码由系统随机生成，不含易混淆的 0/O、1/I/L。`}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber
          aria-label="发放数量"
          min={1}
          max={MAX_CODES_PER_ISSUE}
          precision={0}
          value={count}
          onChange={setCount}
          suffix="个"
          style={{ width: '100%' }}
        />
        <Button type="primary" loading={issue.isPending} disabled={!count} onClick={submit}>
          {again ? '补发' : '发放'}
        </Button>
      </Space.Compact>
      {last && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={`第 ${last.batch} 批：${last.codes.length} 个测评码`}
          action={
            <Button size="small" loading={slips.busy} onClick={() => void slips.download(last.batch)}>
              下载本批纸条
            </Button>
          }
        />
      )}
    </Card>
  );
}
