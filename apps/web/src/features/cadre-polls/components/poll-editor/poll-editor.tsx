import { useEffect, useRef, useState } from 'react';
import { SaveOutlined } from '@ant-design/icons';
import type { Poll } from '@kaoping/contracts/poll';
import { parseFormSchema } from '@kaoping/contracts/poll';
import { Alert, App, Button, Card, Col, Row, Typography } from 'antd';
import type { NewlyPromotedSubject } from '@/public/ballot/newly-promoted-form-model';
import { usePollMutations } from '@/api/company-polls';
import { ApiError } from '@/lib/api-client';
import { usePollBallotCount } from '@/api/poll-ballots';
import { CadreSchemaEditor } from './cadre-schema-editor';
import { loadDraft, type PreviewType } from './load-draft';
import { NewlyPromotedFields } from './newly-promoted-fields';
import { SchemaPreview, type PreviewDraft } from './schema-preview';
import { useDebouncedValue } from './use-debounced-value';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import './poll-editor.css';

/**
 * Spec §9 names two 300 ms debounces: the schema editor's update and the preview refresh. Here the
 * editor's state is the draft itself (so save and the unsaved marker never lag a keystroke), and the one
 * hop from the editor to the preview is debounced by 300 ms: that hop is both of the spec's updates.
 */
const PREVIEW_DEBOUNCE_MS = 300;

export interface PollEditorProps {
  /** The loaded poll; render with key={poll.id} so another poll starts a fresh draft. */
  poll: Poll | undefined;
  previewType: PreviewType;
  /** Rows for the newly promoted preview table. */
  previewSubjects?: readonly NewlyPromotedSubject[];
  previewSubjectsNote?: string;
}

/** Poll editor (spec screen 4): schema on the left, live read-only preview on the right, one save. */
export function PollEditor({
  poll,
  previewType,
  previewSubjects = [],
  previewSubjectsNote,
}: PollEditorProps) {
  const { message } = App.useApp();
  const { update } = usePollMutations();
  const { data: ballots = 0 } = usePollBallotCount(poll);
  const [initial] = useState(() => loadDraft(previewType, poll?.form_schema));
  const [draft, setDraft] = useState<PreviewDraft>(initial.draft);
  const [saved, setSaved] = useState(() => JSON.stringify(initial.draft.schema));
  const [preview, setPreviewNow] = useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS);
  const [refreshKey, setRefreshKey] = useState(0);
  const previewFailed = useRef(false);
  const dirty = JSON.stringify(draft.schema) !== saved;

  useEffect(() => {
    if (!initial.ok) message.error('加载问卷配置失败');
  }, [initial.ok, message]);

  // Runs after the remounted preview committed, so the boundary has reported any render error by now.
  useEffect(() => {
    if (refreshKey === 0) return;
    if (previewFailed.current) message.error('刷新预览失败');
    else message.success('预览已刷新');
  }, [refreshKey, message]);

  const refresh = () => {
    previewFailed.current = false;
    setPreviewNow(draft);
    setRefreshKey((k) => k + 1);
  };

  const save = async () => {
    if (!poll) {
      message.error('无法保存，问卷数据未加载');
      return;
    }
    const checked = parseFormSchema(draft.type, draft.schema);
    if (!checked.success) {
      message.error(`保存失败：${checked.error}`);
      return;
    }
    const sent = draft;
    try {
      const title = checked.data.title.trim() || poll.title;
      await update.mutateAsync({
        id: poll.id,
        body: { title, description: poll.description, form_schema: checked.data },
      });
      setSaved(JSON.stringify(checked.data));
      // Show the cleaned copy (trimmed texts, defaults) unless the admin typed on meanwhile.
      setDraft((now) => (now === sent ? ({ type: draft.type, schema: checked.data } as PreviewDraft) : now));
      message.success('保存成功');
    } catch (err) {
      // Spec §8: the server's reason when it answered, else a hint that the network failed.
      message.error(
        err instanceof ApiError && err.responded
          ? `保存失败：${err.detail ?? '请检查数据格式'}`
          : '保存失败，请重试',
      );
    }
  };

  return (
    <div className="kp-pe">
      <UnsavedChangesGuard when={dirty} />
      <div className="kp-pe-toolbar">
        <Typography.Text type={dirty ? 'warning' : 'secondary'} aria-live="polite">
          {dirty ? '有未保存的修改' : '所有修改均已保存'}
        </Typography.Text>
        <Button type="primary" icon={<SaveOutlined />} loading={update.isPending} onClick={save}>
          保存
        </Button>
      </div>
      {ballots > 0 && draft.type === 'cadre' && (
        <Alert
          type="info"
          showIcon
          className="kp-pe-locked"
          title={`该问卷已有 ${ballots} 份投票记录`}
          description="为使已投选票与统计结果一致，题型、选项和是否必答已锁定，也不能增删题目；标题、题目文字、提示文字和页脚仍可修改。"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title="问卷内容" className="kp-pe-editor">
            {draft.type === 'cadre' ? (
              <CadreSchemaEditor
                schema={draft.schema}
                locked={ballots > 0}
                onChange={(schema) => setDraft({ type: 'cadre', schema })}
              />
            ) : (
              <NewlyPromotedFields
                schema={draft.schema}
                onChange={(schema) => setDraft({ type: 'newly_promoted', schema })}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <SchemaPreview
            draft={preview}
            subjects={previewSubjects}
            subjectsNote={previewSubjectsNote}
            refreshKey={refreshKey}
            onRefresh={refresh}
            onError={() => {
              previewFailed.current = true;
            }}
          />
        </Col>
      </Row>
    </div>
  );
}
