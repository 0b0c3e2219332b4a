import { useEffect } from 'react';
import {
  FORM_CATEGORIES,
  FORM_CATEGORY_LABELS,
  type FormCategory,
  type VoteType,
} from '@kaoping/contracts/vote-type';
import {
  RECOMMENDATION_FORM_CATEGORY,
  RECOMMENDATION_MODE_LABELS,
  RECOMMENDATION_MODES,
} from '@kaoping/contracts/recommendation-rules';
import { Alert, DatePicker, Form, Input, InputNumber, Radio, Switch } from 'antd';
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

/** How a vote type in test mode goes formal, said in one line under the choice. */
export const TO_FORMAL =
  '演练完成后，在投票类型页面点“转为正式投票”即开始正式投票，届时试投票的选票全部删除。';

const FAMILY_HINT: Record<FormCategory, string> = {
  democratic_appraisal: '班子测评表和个人测评表',
  democratic_evaluation: '选人用人工作评议表和新提拔干部评议表',
  democratic_recommendation: '民主推荐票（推荐职位与参考人选）',
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
  const accessMode = Form.useWatch('access_mode', form);
  const family = Form.useWatch('form_category', form);
  const mode = Form.useWatch('recommendation_mode', form);
  // 谈话调研推荐: no public link and no codes; the interviewer keys each talk's record, once (issue 30).
  const talk = family === RECOMMENDATION_FORM_CATEGORY && mode === 'talk';
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
        {family === RECOMMENDATION_FORM_CATEGORY && (
          <Form.Item
            name="recommendation_mode"
            label="推荐方式"
            extra="会议推荐：参会人员扫码或填写纸质票推荐；谈话调研推荐：个别谈话，由谈话人员逐份录入谈话记录"
          >
            <Radio.Group
              options={RECOMMENDATION_MODES.map((m) => ({
                value: m,
                label: RECOMMENDATION_MODE_LABELS[m],
              }))}
            />
          </Form.Item>
        )}
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="weight"
            label="权重"
            extra="同一类别的权重合计应为 100%"
            style={{ flex: 1, minWidth: 180 }}
            hidden={family === RECOMMENDATION_FORM_CATEGORY}
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
        <Form.Item
          name="window"
          label={talk ? '录入时间' : '投票时间'}
          extra={talk ? '留空表示不限；开始前不能录入谈话记录' : '留空表示不限；开始前和截止后扫码都不能投票'}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            placeholder={['开始时间', '截止时间']}
            style={{ width: '100%' }}
          />
        </Form.Item>
        {talk && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="talk-mode-note"
            title="谈话调研推荐不设投票链接、二维码和测评码"
            description="谈话人员每谈一人，在投票类型页面点“录入谈话记录”，按谈话序号逐份录入该人的推荐意见（单人录入，不做双人核对）。结果注明谈话调研推荐。"
          />
        )}
        <Form.Item name="access_mode" label="投票方式" hidden={talk}>
          <Radio.Group
            options={[
              { value: 'codes', label: '测评码（每人一码，凭码投票一次）' },
              { value: 'link', label: '公开链接（扫码即可投票）' },
            ]}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          />
        </Form.Item>
        {talk ? null : accessMode === 'link' ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="公开链接依靠投票人的浏览器识别身份"
            description="换一个浏览器或使用无痕窗口即可再次投票。正式投票建议使用测评码；使用公开链接时请填写应到人数，收满即停止接受投票。"
          />
        ) : (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="保存后在“测评码”页面发放测评码并下载纸条"
            description="每个测评码只能投票一次；测评码与选票之间不保存任何关联，投票仍是匿名的。"
          />
        )}
        <Form.Item
          name="expected_voters"
          label={talk ? '应参加谈话人数' : '应到人数'}
          extra={
            talk
              ? '录入的谈话记录达到此数后不再接受录入；也用于判断是否达到三分之二，可不填'
              : accessMode === 'link'
                ? '投票人数上限：收满后不再接受投票；也用于计算参评率'
                : '测评码方式按发出的测评码计算参评率，可不填'
          }
        >
          <InputNumber
            min={1}
            max={1_000_000}
            precision={0}
            style={{ width: '100%' }}
            aria-label={talk ? '应参加谈话人数' : '应到人数'}
          />
        </Form.Item>
        <Form.Item name="test_mode" label="试投票" extra={TO_FORMAL}>
          <Radio.Group
            aria-label="试投票"
            options={[
              { value: true, label: '先试投票（选票单独标记，不计入结果）' },
              { value: false, label: '直接正式投票' },
            ]}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
          <Form.Item name="is_active" label="启用" valuePropName="checked">
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
          <Form.Item
            name="results_public"
            label="公开结果"
            hidden={talk}
            valuePropName="checked"
            tooltip="开启后，投票结束且答卷不少于 5 份时，投票人可查看汇总结果"
          >
            <Switch checkedChildren="公开" unCheckedChildren="不公开" />
          </Form.Item>
          <Form.Item
            name="double_entry"
            label="双人录入核对"
            hidden={talk}
            valuePropName="checked"
            tooltip="纸质选票由两位管理员用各自的账号各录入一次（同一账号再次登录不算第二人），两次一致才计票；不一致的由第三个账号对照原票核对"
          >
            <Switch checkedChildren="开启" unCheckedChildren="关闭" aria-label="双人录入核对" />
          </Form.Item>
        </div>
      </Form>
    </FormModal>
  );
}
