import { useCallback, useMemo, useState } from 'react';
import type { Poll } from '@kaoping/contracts/poll';
import { Alert, App, Col, Flex, Row } from 'antd';
import { usePollBallotCount } from '@/api/poll-ballots';
import { ApiError } from '@/lib/api-client';
import { useUpdatePoll } from '../api/update-poll';
import { draftFromPoll, sameDraft, type PollDraft } from '../lib/scoring-draft';
import type { ScoringKind } from '../lib/scoring-kinds';
import { draftProblem } from '../lib/scoring-validation';
import { EditorToolbar } from './editor-toolbar';
import { ItemGroupCard, OverallGroupCard, type SchemaUpdate } from './evaluation-group-cards';
import { PollBasicsCard } from './poll-basics-card';
import { ReverseCard } from './reverse-card';
import { ScoringPreview } from './scoring-preview';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';

export interface ScoringPollEditorProps {
  kind: ScoringKind;
  /** The loaded poll; the parent remounts the editor (key) when a new version arrives. */
  poll: Poll | undefined;
}

/** Title, description and scoring rules of one poll, beside a live preview of the ballot. */
export function ScoringPollEditor({ kind, poll }: ScoringPollEditorProps) {
  const { message } = App.useApp();
  const initial = useMemo(() => (poll ? draftFromPoll(poll) : undefined), [poll]);
  const [draft, setDraft] = useState<PollDraft | undefined>(initial);
  const update = useUpdatePoll();
  const { data: ballots = 0 } = usePollBallotCount(poll);
  const locked = ballots > 0;
  const dirty = !!draft && !!initial && !sameDraft(draft, initial);

  // Stable setters, so the memoised cards re-render only when their own slice changes.
  const setSchema = useCallback<SchemaUpdate>(
    (fn) => setDraft((d) => d && { ...d, schema: fn(d.schema) }),
    [],
  );
  const setTitle = useCallback((title: string) => setDraft((d) => d && { ...d, title }), []);
  const setDescription = useCallback(
    (description: string) => setDraft((d) => d && { ...d, description }),
    [],
  );

  const save = async () => {
    if (!poll || !draft) {
      message.error('无法保存，问卷数据未加载');
      return;
    }
    const problem = draftProblem(kind, draft);
    if (problem) {
      message.error(`保存失败: ${problem}`);
      return;
    }
    try {
      await update.mutateAsync({
        id: poll.id,
        title: draft.title.trim(),
        description: draft.description.trim(),
        form_schema: draft.schema,
      });
      message.success('问卷计分规则保存成功');
    } catch (err) {
      if (err instanceof ApiError && err.responded) {
        message.error(`保存失败: ${err.detail ?? '请检查数据格式'}`);
      } else message.error('保存失败，请重试');
    }
  };

  if (!draft) return <EditorToolbar onSave={save} />;
  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <EditorToolbar
        dirty={dirty}
        saving={update.isPending}
        onSave={save}
        onRevert={() => setDraft(initial)}
      />
      {locked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`该问卷已有 ${ballots} 份投票记录`}
          description="为使已投选票与统计结果一致，选项名称、分值和选项个数已锁定，评价项目和反向测评题目也不能增删；标题、说明、栏目标题和题目文字仍可修改。"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Flex vertical gap={16}>
            <PollBasicsCard
              kind={kind}
              title={draft.title}
              description={draft.description}
              onTitle={setTitle}
              onDescription={setDescription}
            />
            <OverallGroupCard
              group={draft.schema.evaluationGroups[0]}
              setSchema={setSchema}
              locked={locked}
            />
            <ItemGroupCard group={draft.schema.evaluationGroups[1]} setSchema={setSchema} locked={locked} />
            <ReverseCard reverse={draft.schema.reverseEvaluation} setSchema={setSchema} locked={locked} />
          </Flex>
        </Col>
        <Col xs={24} xl={10}>
          <div className="kp-scoring-preview-col">
            <ScoringPreview kind={kind} draft={draft} />
          </div>
        </Col>
      </Row>
    </>
  );
}
