import { useEffect } from 'react';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { Form, Input } from 'antd';
import { FormModal } from '@/components/form-modal';
import type { SubjectInput } from '../api/evaluation-subjects';

type Fields = SubjectInput;

export interface SubjectFormModalProps {
  open: boolean;
  /** The subject to edit; undefined adds a new one. */
  editing?: EvaluationSubject;
  saving: boolean;
  onSubmit: (values: Fields) => void;
  onCancel: () => void;
}

const POSITIONS = [
  ['previous_position', '原任职务及任职时间', '综合部副主任（2019.06）'],
  ['current_position', '现任职务及任职时间', '综合部主任（2024.03）'],
] as const;

const EMPTY: Fields = { name: '', birth_date: '', previous_position: '', current_position: '' };

/** Add or edit one evaluation subject; only the name is required (checked when the field loses focus). */
export function SubjectFormModal({ open, editing, saving, onSubmit, onCancel }: SubjectFormModalProps) {
  const [form] = Form.useForm<Fields>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { ...editing } : EMPTY);
  }, [open, editing, form]);

  const finish = (v: Fields) =>
    onSubmit({
      name: v.name.trim(),
      birth_date: (v.birth_date ?? '').trim(),
      previous_position: (v.previous_position ?? '').trim(),
      current_position: (v.current_position ?? '').trim(),
    });

  return (
    <FormModal
      title={editing ? '编辑评议对象' : '添加评议对象'}
      open={open}
      saving={saving}
      form={form}
      onCancel={onCancel}
    >
      {/* A form name keeps field ids unique: the targets tab has its own "name" field on the page. */}
      <Form form={form} name="evaluation-subject" layout="vertical" onFinish={finish}>
        <Form.Item
          name="name"
          label="姓名"
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
        >
          <Input maxLength={50} placeholder="例如：张三" />
        </Form.Item>
        <Form.Item name="birth_date" label="出生年月">
          <Input maxLength={50} placeholder="例如：1985.03" />
        </Form.Item>
        {POSITIONS.map(([name, label, example]) => (
          <Form.Item key={name} name={name} label={label}>
            <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} placeholder={`例如：${example}`} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}
