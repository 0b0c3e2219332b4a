import { memo, useState } from 'react';
import { DEFAULT_REVERSE_TITLE, type ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { App, Card, Form, Input, Typography } from 'antd';
import { freshKey, newOption, withOptions, withReverseItems, withReverseTitle } from '../lib/scoring-draft';
import type { SchemaUpdate } from './evaluation-group-cards';
import { ItemTextTable } from './item-text-table';
import { OptionScoreTable } from './option-score-table';

/** reverseEvaluation: problems a voter may mark, each mark lowering the score (-100..0). */
export const ReverseCard = memo(function ReverseCard({
  reverse,
  setSchema,
  locked,
}: {
  reverse: ScoringFormSchema['reverseEvaluation'];
  setSchema: SchemaUpdate;
  /** The poll has ballots: options keep their names and scores, questions can be reworded only. */
  locked: boolean;
}) {
  const { message } = App.useApp();
  const [focusId, setFocusId] = useState<string>();
  return (
    <Card
      title="反向测评"
      size="small"
      extra={<Typography.Text type="secondary">共 {reverse.items.length} 题，可不选</Typography.Text>}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="栏目标题" htmlFor="scoring-reverse-title" extra="留空则显示“反向测评”">
          <Input
            id="scoring-reverse-title"
            value={reverse.title}
            maxLength={50}
            placeholder={DEFAULT_REVERSE_TITLE}
            onChange={(e) => setSchema((s) => withReverseTitle(s, e.target.value))}
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        选项与分值
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        只有一个选项时，投票人逐题勾选；有多个选项时，投票人逐题选择程度。分值须在 -100 到 0 之间。
      </Typography.Paragraph>
      <OptionScoreTable
        group="reverse"
        groupLabel="反向测评"
        options={reverse.options}
        minCount={reverse.items.length > 0 ? 1 : 0}
        locked={locked}
        onChange={(next) => setSchema((s) => withOptions(s, 'reverse', next))}
      />
      <Typography.Title level={5}>反向测评题目</Typography.Title>
      <ItemTextTable
        rows={reverse.items.map((i) => ({ id: i.id, text: i.description }))}
        column="题目描述"
        rowLabel="反向测评题目"
        maxLength={200}
        placeholder="如：形式主义、官僚主义问题"
        addLabel="添加反向测评题目"
        emptyText="暂无反向测评题目"
        focusId={focusId}
        locked={locked}
        onText={(id, text) =>
          setSchema((s) =>
            withReverseItems(
              s,
              s.reverseEvaluation.items.map((i) => (i.id === id ? { ...i, description: text } : i)),
            ),
          )
        }
        onDelete={(id) => {
          setSchema((s) =>
            withReverseItems(
              s,
              s.reverseEvaluation.items.filter((i) => i.id !== id),
            ),
          );
          message.success('反向测评题目已删除');
        }}
        onAdd={() => {
          const id = freshKey(
            reverse.items.map((i) => i.id),
            'reverse',
          );
          setSchema((s) => {
            const next = withReverseItems(s, [...s.reverseEvaluation.items, { id, description: '' }]);
            // A reverse question needs an option to mark it with: offer the usual '存在'.
            const opts = next.reverseEvaluation.options;
            return opts.length ? next : withOptions(next, 'reverse', [newOption(opts, 'reverse')]);
          });
          setFocusId(id);
        }}
      />
    </Card>
  );
});
