import { lazy, Suspense, useState } from 'react';
import { ClearOutlined, ExpandOutlined } from '@ant-design/icons';
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import { Button, Card, Modal, Skeleton, Space, Typography } from 'antd';
import type { PollDraft } from '../lib/scoring-draft';
import { SCORING_KIND_TEXT, type ScoringKind } from '../lib/scoring-kinds';

// The voter's own ballot component, loaded as its own chunk: the preview is exactly what voters see.
const ScoringBallot = lazy(() =>
  import('@/public/ballot/scoring-ballot').then((m) => ({ default: m.ScoringBallot })),
);

const EMPTY: ScoringAnswers = { overall: '', items: {}, reverse: {} };

/** Live preview of the ballot being edited; the admin can try it out (nothing is saved). */
export function ScoringPreview({ kind, draft }: { kind: ScoringKind; draft: PollDraft }) {
  const [answers, setAnswers] = useState<ScoringAnswers>(EMPTY);
  const [wide, setWide] = useState(false);
  const text = SCORING_KIND_TEXT[kind];
  const ballot = (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <ScoringBallot
        schema={draft.schema}
        value={answers}
        onChange={setAnswers}
        targetName={text.sampleName}
        targetTitle={text.sampleTitle}
        pollTitle={draft.title.trim()}
        description={draft.description.trim()}
        showScores
        headingLevel={3}
      />
    </Suspense>
  );
  return (
    <Card
      size="small"
      title="实时预览"
      extra={
        <Space size={4}>
          <Button size="small" icon={<ClearOutlined />} onClick={() => setAnswers(EMPTY)}>
            清空试填
          </Button>
          <Button size="small" icon={<ExpandOutlined />} onClick={() => setWide(true)}>
            电脑版
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0, fontSize: 13 }}>
        以下为投票人手机上看到的样式（示例对象：{text.sampleName}），可试填查看得分，试填内容不会保存。
      </Typography.Paragraph>
      <div className="kp-scoring-preview">{wide ? null : ballot}</div>
      <Modal
        open={wide}
        title="预览（电脑版）"
        width={920}
        footer={null}
        onCancel={() => setWide(false)}
        destroyOnHidden
      >
        {ballot}
      </Modal>
    </Card>
  );
}
