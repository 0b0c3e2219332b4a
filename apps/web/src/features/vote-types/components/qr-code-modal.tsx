import { useRef } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Button, Modal, Typography } from 'antd';
import { QRCodeCanvas } from 'qrcode.react';
import { downloadDataUrl, qrFileName, qrPngWithCaption } from '../lib/qr-png';

export interface QrCodeModalProps {
  voteType?: VoteType;
  companyName?: string;
  url: string;
  onClose: () => void;
}

/** The voter link of a vote type as a QR code, to show on screen or download as PNG for printing. */
export function QrCodeModal({ voteType, companyName, url, onClose }: QrCodeModalProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const caption = [companyName, voteType?.name].filter(Boolean).join(' · ');

  const download = () => {
    if (!canvas.current || !voteType) return;
    downloadDataUrl(qrPngWithCaption(canvas.current, caption), qrFileName(companyName, voteType.name));
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
        <Button key="download" type="primary" icon={<DownloadOutlined />} onClick={download}>
          下载二维码
        </Button>,
      ]}
      width={400}
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
        {voteType && !voteType.is_active && (
          <Typography.Text type="warning">该投票类型已停用，扫码后将无法投票。</Typography.Text>
        )}
      </div>
    </Modal>
  );
}
