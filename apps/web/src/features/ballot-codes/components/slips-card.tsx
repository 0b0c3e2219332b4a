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
}

/** The printable files: A4 slips of the unused codes (all, or one batch), and the link-mode poster. */
export function SlipsCard({ voteType, companyName, batches }: SlipsCardProps) {
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
        A4 纸每页 10 张纸条，每张印有测评码、二维码和投票说明，裁开后每人一张。只打印未使用的测评码。
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Select<number | 'all'>
          aria-label="纸条范围"
          value={batch}
          onChange={setBatch}
          style={{ width: '50%' }}
          options={[
            { value: 'all' as const, label: '全部未使用' },
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
