import { useEffect, useState } from 'react';
import { SaveOutlined } from '@ant-design/icons';
import {
  NEWLY_PROMOTED_DEFAULTS,
  normalizeNewlyPromotedSchema,
  type NewlyPromotedFormSchema,
} from '@kaoping/contracts/newly-promoted-schema';
import { parseFormSchema, type Poll } from '@kaoping/contracts/poll';
import { App, Button, Card, Col, Divider, Form, Input, Row } from 'antd';
import { usePollMutations } from '@/api/company-polls';
import { useSubjects } from '@/api/evaluation-subjects';
import { serverDetail } from '@/lib/api-client';
import { previewSubjects } from './sample-subjects';
import { SettingsPreview } from './settings-preview';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';

/** Preview debounce (spec §9). */
const PREVIEW_DEBOUNCE_MS = 300;

/**
 * Tab (a) 问卷设置: the texts of the questionnaire beside a live preview of the voting page (spec screen
 * 7): the spec's four, whose placeholder and footer are the paper form's, and the voting page's own two.
 */
export function SettingsTab({ poll }: { poll: Poll }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NewlyPromotedFormSchema>();
  const [initial] = useState(() => normalizeNewlyPromotedSchema(poll.form_schema));
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [preview, setPreview] = useState(initial);
  const [refreshKey, setRefreshKey] = useState(0);
  const { update } = usePollMutations();
  const subjects = useSubjects(poll.company_id, { retry: false });
  const watched = Form.useWatch([], form) as NewlyPromotedFormSchema | undefined;
  const current = watched ? normalizeNewlyPromotedSchema({ ...initial, ...watched }) : initial;
  const dirty = JSON.stringify(current) !== saved;
  const currentKey = JSON.stringify(current);

  useEffect(() => {
    const timer = setTimeout(
      () => setPreview(JSON.parse(currentKey) as NewlyPromotedFormSchema),
      PREVIEW_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [currentKey]);

  const refresh = () => {
    try {
      setPreview(normalizeNewlyPromotedSchema({ ...initial, ...form.getFieldsValue() }));
      setRefreshKey((k) => k + 1);
      message.success('预览已刷新');
    } catch {
      message.error('刷新预览失败');
    }
  };

  const save = async (values: NewlyPromotedFormSchema) => {
    const checked = parseFormSchema('newly_promoted', values);
    if (!checked.success) {
      message.error(`问卷更新失败：${checked.error}`);
      return;
    }
    try {
      await update.mutateAsync({
        id: poll.id,
        body: { title: checked.data.title, form_schema: checked.data },
      });
      form.setFieldsValue(checked.data);
      setSaved(JSON.stringify(checked.data));
      message.success('问卷已更新');
    } catch (err) {
      const detail = serverDetail(err);
      message.error(detail ? `问卷更新失败：${detail}` : '问卷更新失败');
    }
  };

  const { rows, note } = previewSubjects(subjects.data);
  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card size="small" title="评议表内容">
            <Form form={form} layout="vertical" initialValues={initial} onFinish={save} requiredMark={false}>
              <Form.Item name="title" label="问卷标题" extra="显示在评议表顶部；留空则使用默认标题。">
                <Input maxLength={100} showCount placeholder={NEWLY_PROMOTED_DEFAULTS.title} />
              </Form.Item>
              <Form.Item
                name="reason_question"
                label="不认同原因的提问"
                extra="投票人对干部表示不认同时，在此说明原因。"
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
              </Form.Item>
              <Divider titlePlacement="start" plain>
                投票页（手机、电脑）
              </Divider>
              <Form.Item name="phone_reason_placeholder" label="投票页的原因提示文字">
                <Input maxLength={200} placeholder="可不填" />
              </Form.Item>
              <Form.Item name="phone_footer_note" label="投票页页脚说明" extra="留空则投票页不显示页脚说明。">
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} placeholder="可不填" />
              </Form.Item>
              <Divider titlePlacement="start" plain>
                纸质评议表
              </Divider>
              <Form.Item name="reason_placeholder" label="纸质表的原因提示文字">
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item
                name="footer_note"
                label="纸质表页脚说明"
                extra="这两项只印在纸质评议表上（如“划圈”“写在背面”），投票页不显示。"
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
              </Form.Item>
              <div className="kp-np-admin-actions">
                <span className={dirty ? 'kp-np-admin-dirty' : 'kp-np-admin-clean'} aria-live="polite">
                  {dirty ? '有未保存的修改' : '所有修改均已保存'}
                </span>
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
                  保存
                </Button>
              </div>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <SettingsPreview
            schema={preview}
            subjects={rows}
            note={note}
            refreshKey={refreshKey}
            onRefresh={refresh}
          />
        </Col>
      </Row>
    </>
  );
}
