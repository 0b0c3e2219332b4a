import { useRef, useState } from 'react';
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { App, Button, Modal, Typography } from 'antd';
import { QRCodeCanvas } from 'qrcode.react';
import { downloadPoster } from '@/api/vote-type-posters';
import { errorDetail } from '@/lib/api-client';
import { downloadDataUrl, qrFileName, qrPngWithCaption } from '../lib/qr-png';

export interface QrCodeModalProps {
  voteType?: VoteType;
  companyName?: string;
  onClose: () => void;
}

/**
 * The voter link of a vote type as a QR code, to show on screen, download as PNG, or print as an A4
 * poster. Built from the configured public address only (`public_url`).
 */
export function QrCodeModal({ voteType, companyName, onClose }: QrCodeModalProps) {
  const { message } = App.useApp();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [busy, setBusy] = useState(false);
  const caption = [companyName, voteType?.name].filter(Boolean).join(' · ');
  const url = voteType?.public_url ?? '';
  const codes = voteType?.access_mode === 'codes';

  const download = () => {
    if (!canvas.current || !voteType) return;
    downloadDataUrl(qrPngWithCaption(canvas.current, caption), qrFileName(companyName, voteType.name));
  };

  const poster = async () => {
    if (!voteType) return;
    setBusy(true);
    try {
      await downloadPoster(
        voteType.id,
        qrFileName(companyName, `${voteType.name}-海报`).replace(/png$/, 'pdf'),
      );
    } catch (err) {
      message.error(errorDetail(err, '海报下载失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`${voteType?.name ?? ''} 投票二维码`}
      open={Boolean(voteType)}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        !codes && (
          <Button key="poster" icon={<FilePdfOutlined />} loading={busy} onClick={poster}>
            下载海报 PDF
          </Button>
        ),
        <Button key="download" type="primary" icon={<DownloadOutlined />} onClick={download}>
          下载二维码
        </Button>,
      ]}
      width={440}
      destroyOnHidden
    >
      <div style={{ textAlign: 'center' }}>
        {/* Drawn large and shown small: the downloaded PNG stays sharp when printed. */}
        <QRCodeCanvas
          ref={canvas}
          value={url}
          size={720}
          marginSize={4}
          level="M"
          title={`${caption} 投票链接二维码`}
          style={{ width: 240, height: 240 }}
        />
        <Typography.Paragraph strong style={{ marginTop: 8, marginBottom: 4 }}>
          {caption}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
          {url}
        </Typography.Paragraph>
        {codes && (
          <Typography.Paragraph type="secondary">
            测评码方式：扫此码后需输入测评码。每人的测评码请在“测评码”页面下载纸条发放。
          </Typography.Paragraph>
        )}
        {voteType && !voteType.is_active && (
          <Typography.Text type="warning">该投票类型已停用，扫码后将无法投票。</Typography.Text>
        )}
      </div>
    </Modal>
  );
}
