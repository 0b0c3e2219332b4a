import { useState } from 'react';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import { MAX_ROUND_YEAR, MIN_ROUND_YEAR, type RoundSummary } from '@kaoping/contracts/rounds';
import { Alert, App, Form, Input, InputNumber, Modal, Skeleton, Typography } from 'antd';
import { useAdvancedMode } from '@/components/advanced-mode';
import { withAdvancedMode } from '@/components/with-advanced-mode';
import { errorDetail } from '@/lib/api-client';
import { useCreateRound, useRoundPolls } from '../api/rounds-admin';

export interface NewRoundDialogProps {
  open: boolean;
  companyId: number;
  /** The unit's current round: what is copied, and what is archived. */
  current: RoundSummary;
  onClose: () => void;
}

interface Values {
  name: string;
  year: number;
}

const defaultName = (year: number) => `${year}年度`;

/**
 * 开始新一轮测评: name and year of the new round (next year by default), and exactly what happens: what is
 * copied from the current round, what is not, and that the current round is archived and read-only from
 * then on. Needs advanced mode; the server's refusals (a vote still open, a name in use) are shown here.
 */
export function NewRoundDialog({ open, companyId, current, onClose }: NewRoundDialogProps) {
  const { message } = App.useApp();
  const ensureAdvancedMode = useAdvancedMode();
  const [form] = Form.useForm<Values>();
  const [nameTouched, setNameTouched] = useState(false);
  const [refused, setRefused] = useState<string>();
  const create = useCreateRound(companyId);
  const polls = useRoundPolls(companyId, open);
  const firstYear = Math.min(Math.max(current.year + 1, MIN_ROUND_YEAR), MAX_ROUND_YEAR);

  const submit = async ({ name, year }: Values) => {
    setRefused(undefined);
    try {
      const done = await withAdvancedMode(ensureAdvancedMode, () =>
        create.mutateAsync({ name: name.trim(), year }),
      );
      if (!done) return;
      message.success(`已开始新一轮测评：${name.trim()}；「${current.name}」已归档`);
      onClose();
    } catch (err) {
      setRefused(errorDetail(err, '开始新一轮测评失败，请重试'));
    }
  };

  return (
    <Modal
      title="开始新一轮测评"
      open={open}
      okText="开始新一轮测评"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={560}
      forceRender
    >
      {refused && (
        <Alert
          type="error"
          showIcon
          title="未能开始新一轮测评"
          description={refused}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ year: firstYear, name: defaultName(firstYear) }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('name' in changed) setNameTouched(true);
          // The name follows the year until the admin types one.
          if ('year' in changed && !nameTouched && typeof changed.year === 'number') {
            form.setFieldValue('name', defaultName(changed.year));
          }
        }}
        onFinish={submit}
      >
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Form.Item
            name="year"
            label="年度"
            style={{ width: 140 }}
            rules={[
              { required: true, message: '请输入年度' },
              {
                type: 'integer',
                min: MIN_ROUND_YEAR,
                max: MAX_ROUND_YEAR,
                message: `年度必须在 ${MIN_ROUND_YEAR}-${MAX_ROUND_YEAR} 之间`,
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} aria-label="年度" />
          </Form.Item>
          <Form.Item
            name="name"
            label="批次名称"
            style={{ flex: 1, minWidth: 200 }}
            rules={[
              { required: true, whitespace: true, message: '请输入批次名称' },
              { max: 50, message: '批次名称不能超过 50 个字符' },
            ]}
          >
            <Input maxLength={50} placeholder="例如：2027年度" aria-label="批次名称" />
          </Form.Item>
        </div>
      </Form>
      <WhatHappens current={current} polls={polls} />
    </Modal>
  );
}

/** What is copied into the new round, what is not, and what is archived. */
function WhatHappens({ current, polls }: { current: RoundSummary; polls: ReturnType<typeof useRoundPolls> }) {
  const list = polls.data;
  const names = list?.map((p) => p.title || POLL_KIND_LABELS[p.target_type].poll).join('、');
  return (
    <div data-testid="new-round-summary">
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        从当前批次「{current.name}」复制到新批次：
      </Typography.Paragraph>
      <ul style={{ marginTop: 0, paddingInlineStart: 20 }}>
        <li>
          {polls.isLoading ? (
            <Skeleton.Input active size="small" />
          ) : list ? (
            `${list.length} 份问卷${list.length > 0 ? `（${names}）` : ''}，内容不变`
          ) : (
            `全部问卷（问卷数量加载失败：${errorDetail(polls.error, '请稍后重试')}）`
          )}
        </li>
        <li>
          {current.vote_types} 个投票类型：生成新的投票链接和二维码，开启试投票，不复制测评码（需重新发放）
        </li>
        <li>{current.targets} 个测评对象（继续跟踪其历次测评结果）</li>
        <li>{current.subjects} 个新提拔干部评议对象</li>
        <li>各投票类型的封面和封底</li>
      </ul>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        <Typography.Text strong>不复制：</Typography.Text>答卷、投票记录和测评码，新批次从零开始计票。
      </Typography.Paragraph>
      <Alert
        type="warning"
        showIcon
        title={`当前批次「${current.name}」将被归档`}
        description={`其 ${current.ballots} 份正式答卷、结果和记录保留，但只能查看，不能再修改或删除；原投票链接将显示“本轮测评已结束”。正在进行的正式投票须先结束。此操作需要验证高级模式。`}
      />
    </div>
  );
}
