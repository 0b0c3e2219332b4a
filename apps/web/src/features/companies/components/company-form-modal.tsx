import { useEffect } from 'react';
import type { Company } from '@kaoping/contracts/company';
import { Form, Input } from 'antd';
import { FormModal } from '@/components/form-modal';

export interface CompanyFormModalProps {
  open: boolean;
  /** The company to rename; undefined creates a new one. */
  editing?: Company;
  saving: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

export function CompanyFormModal({ open, editing, saving, onSubmit, onCancel }: CompanyFormModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: editing?.name ?? '' });
  }, [open, editing, form]);

  return (
    <FormModal
      title={editing ? '重命名单位' : '新建单位'}
      open={open}
      saving={saving}
      form={form}
      onCancel={onCancel}
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.name.trim())}>
        <Form.Item
          name="name"
          label="单位名称"
          rules={[
            { required: true, whitespace: true, message: '请输入单位名称' },
            { max: 100, message: '单位名称不能超过 100 个字符' },
          ]}
        >
          <Input placeholder="例如：某某集团有限公司" maxLength={100} showCount autoFocus />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
