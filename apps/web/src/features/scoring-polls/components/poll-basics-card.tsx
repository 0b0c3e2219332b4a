import { memo } from 'react';
import { Card, Form, Input, Typography } from 'antd';
import { SCORING_KIND_TEXT, type ScoringKind } from '../lib/scoring-kinds';

export interface PollBasicsCardProps {
  kind: ScoringKind;
  title: string;
  description: string;
  onTitle: (title: string) => void;
  onDescription: (description: string) => void;
}

/** Poll title (with how it reads before a target's name) and the instructions shown to voters. */
export const PollBasicsCard = memo(function PollBasicsCard({
  kind,
  title,
  description,
  onTitle,
  onDescription,
}: PollBasicsCardProps) {
  const sample = SCORING_KIND_TEXT[kind].sampleName;
  const blank = !title.trim();
  return (
    <Card title="基本信息" size="small">
      <Form layout="vertical" component="div">
        <Form.Item
          label="问卷标题"
          required
          validateStatus={blank ? 'error' : undefined}
          help={blank ? '请输入问卷标题' : undefined}
          htmlFor={`scoring-title-${kind}`}
          extra={
            <span data-testid="title-preview">
              预览：
              <Typography.Text strong>
                {sample}
                {title.trim()}
              </Typography.Text>
            </span>
          }
        >
          <Input
            id={`scoring-title-${kind}`}
            value={title}
            maxLength={200}
            showCount
            placeholder={`如：${SCORING_KIND_TEXT[kind].templateName}`}
            onChange={(e) => onTitle(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="问卷说明" htmlFor={`scoring-desc-${kind}`} style={{ marginBottom: 0 }}>
          <Input.TextArea
            id={`scoring-desc-${kind}`}
            value={description}
            maxLength={2000}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder="显示在测评表标题下方，如填写要求、注意事项"
            onChange={(e) => onDescription(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Card>
  );
});
