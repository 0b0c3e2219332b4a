import { useState } from 'react';
import { DELETE_CONFIRM_PHRASE, type VoteTarget } from '@kaoping/contracts/vote-target';
import { Alert, App, Input, Modal, Typography } from 'antd';
import type { RosterDeleteProps } from './roster-list';

/** Deleting an appraisal target loses it from every ballot: the admin types the phrase first (spec §5). */
export function DeleteTargetModal({
  row: target,
  deleting,
  onConfirm,
  onCancel,
}: RosterDeleteProps<VoteTarget>) {
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');

  const ok = () => {
    if (!target) return;
    if (typed !== DELETE_CONFIRM_PHRASE) {
      message.warning(`请输入“${DELETE_CONFIRM_PHRASE}”`);
      return;
    }
    onConfirm(target);
  };

  return (
    <Modal
      title="删除测评对象"
      open={Boolean(target)}
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={deleting}
      onOk={ok}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={`将删除“${target?.name ?? ''}”，此操作不可恢复。`}
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph>
        请在下方输入 <Typography.Text strong>{DELETE_CONFIRM_PHRASE}</Typography.Text> 以确认：
      </Typography.Paragraph>
      <Input
        aria-label="确认删除短语"
        placeholder={DELETE_CONFIRM_PHRASE}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={ok}
        autoFocus
      />
    </Modal>
  );
}
