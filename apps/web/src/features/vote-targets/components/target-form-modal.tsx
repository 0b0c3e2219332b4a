import { useEffect } from 'react';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import { TARGET_TYPES, type VoteTarget, type VoteTargetCreateInput } from '@kaoping/contracts/vote-target';
import { Form, Input, Radio, Switch } from 'antd';
import { FormModal } from '@/components/form-modal';

/** The fields of the add/edit dialog. */
export type TargetFields = Required<Pick<VoteTargetCreateInput, 'name' | 'type' | 'title' | 'is_active'>>;

export interface TargetFormModalProps {
  open: boolean;
  /** The target to edit; undefined adds a new one. */
  editing?: VoteTarget;
  saving: boolean;
  onSubmit: (values: TargetFields) => void;
  onCancel: () => void;
}

const DEFAULTS: TargetFields = { name: '', type: 'person', title: '', is_active: true };

/** Add or edit an appraisal target. The type is chosen once, on creation (spec §5). */
export function TargetFormModal({ open, editing, saving, onSubmit, onCancel }: TargetFormModalProps) {
  const [form] = Form.useForm<TargetFields>();
  const type = Form.useWatch('type', form) ?? 'person';
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { ...editing } : DEFAULTS);
  }, [open, editing, form]);

  const person = type === 'person';
  return (
    <FormModal
      title={editing ? '编辑测评对象' : '添加测评对象'}
      open={open}
      saving={saving}
      form={form}
      onCancel={onCancel}
    >
      {/* A form name keeps field ids unique: the subjects tab has its own "name" field on the page. */}
      <Form
        form={form}
        name="appraisal-target"
        layout="vertical"
        initialValues={DEFAULTS}
        onFinish={(v) => onSubmit({ ...v, name: v.name.trim(), title: (v.title ?? '').trim() })}
      >
        <Form.Item name="type" label="类型" extra={editing ? '类型创建后不能修改' : undefined}>
          <Radio.Group
            disabled={Boolean(editing)}
            optionType="button"
            options={[...TARGET_TYPES].reverse().map((t) => ({ value: t, label: POLL_KIND_LABELS[t].short }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={person ? '姓名' : '班子名称'}
          rules={[{ required: true, whitespace: true, message: person ? '请输入姓名' : '请输入班子名称' }]}
        >
          <Input maxLength={50} placeholder={person ? '例如：张三' : '例如：某某单位领导班子'} />
        </Form.Item>
        <Form.Item name="title" label={person ? '职务' : '标题'}>
          <Input maxLength={100} placeholder={person ? '例如：党委书记、董事长' : '例如：领导班子'} />
        </Form.Item>
        <Form.Item name="is_active" label="启用" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
