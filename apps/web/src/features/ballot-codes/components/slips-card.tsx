import { useState } from 'react';
import { Link } from 'react-router';
import { FilePdfOutlined } from '@ant-design/icons';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Alert, App, Button, Card, Select, Space, Typography } from 'antd';
import { downloadPoster } from '@/api/vote-type-posters';
import { errorDetail } from '@/lib/api-client';
import { pdfName } from '../lib/file-names';
import { useSlipsDownload } from './use-slips-download';

export interface SlipsCardProps {
  voteType: VoteType;
  companyName?: string;
  batches: number;
  /** The vote is open (投票中, formal): the slips print the codes as issued, used or not (decision 0041). */
  open?: boolean;
}

/**
 * The printable files: A4 slips (all, or one batch) of the unused codes, or while the vote is open of the
 * codes as issued; and the link-mode poster.
 */
export function SlipsCard({ voteType, companyName, batches, open = false }: SlipsCardProps) {
  const { message } = App.useApp();
  const slips = useSlipsDownload(voteType, companyName);
  const [batch, setBatch] = useState<number | 'all'>('all');
  const [posterBusy, setPosterBusy] = useState(false);

  const poster = async () => {
    setPosterBusy(true);
    try {
      await downloadPoster(voteType.id, pdfName(companyName, voteType.name, '投票海报'));
    } catch (err) {
      message.error(errorDetail(err, '海报下载失败，请重试'));
    } finally {
      setPosterBusy(false);
    }
  };

  return (
    <Card size="small" className="kp-codes-card" title="打印">
      {!voteType.public_url && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="尚未配置公网访问地址"
          description={
            <span>
              纸条和海报上的二维码需要投票人手机能打开的地址，请先到<Link to="/admin/settings">系统设置</Link>
              中配置。
            </span>
          }
        />
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        A4 纸每页 10 张纸条，每张印有测评码、二维码和投票说明，裁开后每人一张。
        {open
          ? '投票进行中打印已发放的全部测评码（已作废的除外），不区分是否已使用；纸条丢失时请先作废原测评码，再补发一批并只打印该批。'
          : '只打印未使用的测评码。'}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Select<number | 'all'>
          aria-label="纸条范围"
          value={batch}
          onChange={setBatch}
          style={{ width: '50%' }}
          options={[
            { value: 'all' as const, label: open ? '全部已发放' : '全部未使用' },
            ...Array.from({ length: batches }, (_, i) => ({ value: i + 1, label: `第 ${i + 1} 批` })),
          ]}
        />
        <Button
          type="primary"
          icon={<FilePdfOutlined />}
          loading={slips.busy}
          onClick={() => void slips.download(batch === 'all' ? undefined : batch)}
        >
          下载纸条 PDF
        </Button>
      </Space.Compact>
      {voteType.access_mode === 'link' && (
        <Button
          icon={<FilePdfOutlined />}
          loading={posterBusy}
          onClick={poster}
          style={{ marginTop: 12 }}
          block
        >
          下载投票海报 PDF（公开链接）
        </Button>
      )}
    </Card>
  );
}
