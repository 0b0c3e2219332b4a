import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { COVER_KIND_LABELS, type Cover, type CoverKind } from '@kaoping/contracts/cover';
import { App, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { LoadError } from '@/components/load-error';
import { errorDetail } from '@/lib/api-client';
import { coverKey, deleteCover, uploadCover, useCover } from '../api/covers';
import { ApplyToAllButton } from './apply-to-all-button';
import { CoverPreview } from './cover-preview';
import { CoverUpload } from './cover-upload';

const PURPOSE: Record<CoverKind, string> = {
  front: '投票人扫码后、开始填写前看到，可放投票说明',
  back: '投票人提交后看到，可放致谢语或后续安排',
};
const HINT =
  '支持 PNG、JPEG、WebP 图片或 PDF，不超过 10 MB；再次上传即替换。图片会另存一份适合手机的小图给投票人；含脚本的 PDF 无法上传。';

const formatSize = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/** What a voter's phone downloads for this cover. */
function voterSees(cover: Cover) {
  if (cover.display) {
    const { width, height, size } = cover.display;
    return `手机适配图 ${width}×${height}，${formatSize(size)}`;
  }
  if (cover.content_type === 'application/pdf')
    return `PDF 原文件，点击后才下载（${formatSize(cover.size)}）`;
  return `原图（${formatSize(cover.size)}）`;
}

/** One cover (front or back) of a vote type: upload, preview, replace, delete. */
export function CoverCard({
  companyId,
  voteTypeId,
  kind,
  others = [],
}: {
  companyId: number;
  voteTypeId: number;
  kind: CoverKind;
  /** The unit's other vote types, offered to receive this cover too. */
  others?: { id: number; name: string }[];
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const label = COVER_KIND_LABELS[kind];
  const key = coverKey(companyId, voteTypeId, kind);
  const { data: cover, error, isLoading, isError, refetch } = useCover(companyId, voteTypeId, kind);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      qc.setQueryData(key, await uploadCover(companyId, voteTypeId, kind, file, file.name));
      message.success(`${label}已上传`);
    } catch (err) {
      message.error(errorDetail(err, `${label}上传失败，请重试`));
      throw err;
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!cover) return;
    setBusy(true);
    try {
      await deleteCover(cover);
      qc.setQueryData(key, null);
      message.success(`${label}已删除`);
    } catch (err) {
      message.error(errorDetail(err, `${label}删除失败，请重试`));
      void refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={label} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{PURPOSE[kind]}</Typography.Paragraph>
      {isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {isError && !cover && <LoadError title={`获取${label}失败`} error={error} onRetry={() => refetch()} />}
      {cover === null && (
        <CoverUpload dragger onFile={upload} disabled={busy}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {busy ? '正在上传…' : `尚未上传${label}，点击或拖拽文件到此处上传`}
          </p>
          <p className="ant-upload-hint">{HINT}</p>
        </CoverUpload>
      )}
      {cover && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <CoverPreview cover={cover} label={label} />
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="文件名">{cover.file_name || '-'}</Descriptions.Item>
            <Descriptions.Item label="大小">{formatSize(cover.size)}</Descriptions.Item>
            <Descriptions.Item label="投票人看到">{voterSees(cover)}</Descriptions.Item>
            <Descriptions.Item label="上传时间">
              {dayjs(cover.created_at).format('YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            <CoverUpload onFile={upload} disabled={busy}>
              <Button icon={<UploadOutlined />} loading={busy}>
                替换{label}
              </Button>
            </CoverUpload>
            <Popconfirm
              title={`确定删除${label}吗？`}
              description="删除后投票人将不再看到它。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={remove}
            >
              <Button danger icon={<DeleteOutlined />} disabled={busy}>
                删除{label}
              </Button>
            </Popconfirm>
            <ApplyToAllButton
              companyId={companyId}
              voteTypeId={voteTypeId}
              kind={kind}
              others={others}
              disabled={busy}
            />
          </Space>
          <Typography.Text type="secondary">{HINT}</Typography.Text>
        </Space>
      )}
    </Card>
  );
}
