import { useEffect } from 'react';
import {
  FORM_CATEGORIES,
  FORM_CATEGORY_LABELS,
  type FormCategory,
  type VoteType,
} from '@kaoping/contracts/vote-type';
import { DatePicker, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { FormModal } from '@/components/form-modal';
import { toFormValues, type VoteTypeFormValues } from '../lib/vote-type-form';

export interface VoteTypeFormModalProps {
  open: boolean;
  /** The vote type to edit; undefined creates one in `category`. */
  editing?: VoteType;
  category: FormCategory;
  saving: boolean;
  onSubmit: (values: VoteTypeFormValues) => void;
  onCancel: () => void;
}

const FAMILY_HINT: Record<FormCategory, string> = {
  democratic_appraisal: '班子测评表和个人测评表',
  democratic_evaluation: '选人用人工作评议表和新提拔干部评议表',
};

export function VoteTypeFormModal({
  open,
  editing,
  category,
  saving,
  onSubmit,
  onCancel,
}: VoteTypeFormModalProps) {
  const [form] = Form.useForm<VoteTypeFormValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(editing, category));
  }, [open, editing, category, form]);

  return (
    <FormModal
      title={editing ? '编辑投票类型' : '新增投票类型'}
      open={open}
      saving={saving}
      form={form}
      onCancel={onCancel}
      width={560}
    >
      <Form form={form} name="vote-type" layout="vertical" onFinish={onSubmit}>
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请输入投票类型名称' }]}
          extra="即投票人群，例如：班子成员、中层干部、职工代表"
        >
          <Input maxLength={50} placeholder="例如：中层干部" />
        </Form.Item>
        <Form.Item
          name="form_category"
          label="表单类别"
          rules={[{ required: true, message: '请选择表单类别' }]}
        >
          <Radio.Group
            options={FORM_CATEGORIES.map((c) => ({
              value: c,
              label: `${FORM_CATEGORY_LABELS[c]}（${FAMILY_HINT[c]}）`,
            }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="weight"
            label="权重"
            extra="同一类别的权重合计应为 100%"
            style={{ flex: 1, minWidth: 180 }}
          >
            <InputNumber min={0} max={100} step={5} suffix="%" style={{ width: '100%' }} aria-label="权重" />
          </Form.Item>
          <Form.Item
            name="sort_order"
            label="排序"
            extra="数字小的在前；留空排在最后"
            style={{ flex: 1, minWidth: 180 }}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label="排序" />
          </Form.Item>
        </div>
        <Form.Item name="window" label="投票时间" extra="留空表示不限；开始前和截止后扫码都不能投票">
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            placeholder={['开始时间', '截止时间']}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="expected_voters" label="应到人数" extra="用于计算参与率，可不填">
          <InputNumber
            min={1}
            max={1_000_000}
            precision={0}
            style={{ width: '100%' }}
            aria-label="应到人数"
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
          <Form.Item name="is_active" label="启用" valuePropName="checked">
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
          <Form.Item
            name="results_public"
            label="公开结果"
            valuePropName="checked"
            tooltip="开启后投票人可查看汇总结果"
          >
            <Switch checkedChildren="公开" unCheckedChildren="不公开" />
          </Form.Item>
        </div>
      </Form>
    </FormModal>
  );
}
