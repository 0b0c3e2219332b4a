import { memo, useState } from 'react';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { App, Card, Typography } from 'antd';
import { freshKey, withItems, withOptions } from '../lib/scoring-draft';
import { ItemTextTable } from './item-text-table';
import { OptionScoreTable } from './option-score-table';

export type SchemaUpdate = (update: (schema: ScoringFormSchema) => ScoringFormSchema) => void;

type Groups = ScoringFormSchema['evaluationGroups'];

// Each card gets only its own slice of the schema and is memoised: typing in one table does not
// re-render the others.

/** evaluationGroups[0]: the options of the one overall judgement and their scores. */
export const OverallGroupCard = memo(function OverallGroupCard({
  group,
  setSchema,
  locked,
}: {
  group: Groups[0];
  setSchema: SchemaUpdate;
  /** The poll has ballots: options keep their names and scores. */
  locked: boolean;
}) {
  return (
    <Card title="总体评价" size="small" extra={<Typography.Text type="secondary">单选</Typography.Text>}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        投票人对测评对象作出一个总体评价，所选选项的分值计入总分。
      </Typography.Paragraph>
      <OptionScoreTable
        group="overall"
        groupLabel="总体评价"
        options={group.options}
        minCount={2}
        locked={locked}
        onChange={(next) => setSchema((s) => withOptions(s, 'overall', next))}
      />
    </Card>
  );
});

/** evaluationGroups[1]: options shared by every item, and the items themselves. */
export const ItemGroupCard = memo(function ItemGroupCard({
  group,
  setSchema,
  locked,
}: {
  group: Groups[1];
  setSchema: SchemaUpdate;
  /** The poll has ballots: options keep their names and scores, items can be reworded only. */
  locked: boolean;
}) {
  const { message } = App.useApp();
  const [focusId, setFocusId] = useState<string>();
  return (
    <Card
      title="分项评价"
      size="small"
      extra={<Typography.Text type="secondary">共 {group.items.length} 项，每项单选</Typography.Text>}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        选项与分值
      </Typography.Title>
      <OptionScoreTable
        group="items"
        groupLabel="分项评价"
        options={group.options}
        minCount={2}
        locked={locked}
        onChange={(next) => setSchema((s) => withOptions(s, 'items', next))}
      />
      <Typography.Title level={5}>评价项目</Typography.Title>
      <ItemTextTable
        rows={group.items.map((i) => ({ id: i.id, text: i.name }))}
        column="题目名称"
        rowLabel="评价项目"
        maxLength={100}
        placeholder="如：政治素质"
        addLabel="添加评价项目"
        emptyText="暂无评价项目"
        focusId={focusId}
        locked={locked}
        onText={(id, text) =>
          setSchema((s) =>
            withItems(
              s,
              s.evaluationGroups[1].items.map((i) => (i.id === id ? { ...i, name: text } : i)),
            ),
          )
        }
        onDelete={(id) => {
          setSchema((s) =>
            withItems(
              s,
              s.evaluationGroups[1].items.filter((i) => i.id !== id),
            ),
          );
          message.success('题目已删除');
        }}
        onAdd={() => {
          const id = freshKey(
            group.items.map((i) => i.id),
            'item',
          );
          setSchema((s) => withItems(s, [...s.evaluationGroups[1].items, { id, name: '' }]));
          setFocusId(id);
        }}
      />
    </Card>
  );
});
