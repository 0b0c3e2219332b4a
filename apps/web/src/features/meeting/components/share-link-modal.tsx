import { App, Button, Input, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { useMeetingShare, useShareActions } from '../api/meeting';

/** The projector's link: made here, copied to the hall's PC, revoked after the meeting. */
export function ShareLinkModal({
  companyId,
  open,
  onClose,
}: {
  companyId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const share = useMeetingShare(companyId);
  const { create, revoke } = useShareActions(companyId);
  const current = share.data?.share;
  const absolute = current ? new URL(current.url, window.location.origin).toString() : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      void message.success('链接已复制');
    } catch {
      void message.warning('浏览器不允许复制，请手动选中链接复制');
    }
  };

  return (
    <Modal title="大屏分享链接" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        会场投影电脑无需登录，打开此链接即可显示投票进度（只显示人数，不显示任何投票内容）。重新生成后原链接立即失效。
      </Typography.Paragraph>
      {share.isLoading ? (
        <Spin />
      ) : share.isError ? (
        <Typography.Text type="danger">{errorDetail(share.error, '加载分享链接失败')}</Typography.Text>
      ) : current ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input readOnly value={absolute} aria-label="大屏链接" />
          <Space wrap>
            <Button type="primary" onClick={copy}>
              复制链接
            </Button>
            <Button href={current.path} target="_blank" rel="noreferrer">
              打开
            </Button>
            <Popconfirm title="重新生成后原链接立即失效，确定吗？" onConfirm={() => create.mutate()}>
              <Button loading={create.isPending}>重新生成</Button>
            </Popconfirm>
            <Popconfirm
              title="撤销后投影电脑上的大屏将无法继续显示，确定吗？"
              onConfirm={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => void message.success('分享链接已撤销'),
                  onError: (e) => void message.error(errorDetail(e, '撤销失败')),
                })
              }
            >
              <Button danger loading={revoke.isPending}>
                撤销链接
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      ) : (
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() =>
            create.mutate(undefined, { onError: (e) => void message.error(errorDetail(e, '生成链接失败')) })
          }
        >
          生成分享链接
        </Button>
      )}
    </Modal>
  );
}
