import { useEffect } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import {
  CANDIDATE_ORDER_LABELS,
  CANDIDATE_ORDERS,
  postNumbersProblems,
  RECOMMENDATION_LIMITS,
  type CandidateOrder,
} from '@kaoping/contracts/recommendation-rules';
import { Button, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { FormModal } from '@/components/form-modal';
import './recommendation.css';

/** A 参考人选 row of the dialog; id is set for a candidate that exists (ballots may name it). */
export interface CandidateFields {
  id?: number;
  name: string;
  current_position: string;
  birth_date: string;
  note: string;
}

/** What the dialog hands back: a post's fields, max_choices filled (defaults to seats). */
export interface PostFields {
  name: string;
  seats: number;
  max_choices: number;
  min_choices: number | null;
  write_in_slots: number;
  candidate_order: CandidateOrder;
  is_active: boolean;
  candidates: CandidateFields[];
}

interface FormValues extends Omit<PostFields, 'max_choices'> {
  max_choices: number | null;
}

const blankCandidate = (): CandidateFields => ({
  name: '',
  current_position: '',
  birth_date: '',
  note: '',
});

const toValues = (post?: RecommendationPost): FormValues =>
  post
    ? {
        name: post.name,
        seats: post.seats,
        max_choices: post.max_choices,
        min_choices: post.min_choices,
        write_in_slots: post.write_in_slots,
        candidate_order: post.candidate_order,
        is_active: post.is_active,
        candidates: post.candidates.map((c) => ({
          id: c.id,
          name: c.name,
          current_position: c.current_position,
          birth_date: c.birth_date,
          note: c.note,
        })),
      }
    : {
        name: '',
        seats: 1,
        max_choices: null,
        min_choices: null,
        write_in_slots: 0,
        candidate_order: 'typed',
        is_active: true,
        candidates: [blankCandidate()],
      };

export interface PostFormModalProps {
  open: boolean;
  /** The post to edit; undefined adds one. */
  editing?: RecommendationPost;
  saving: boolean;
  onSubmit: (fields: PostFields) => void;
  onCancel: () => void;
}

/** 添加/编辑推荐职位: the post's numbers, its candidates in the order typed, how they are listed. */
export function PostFormModal({ open, editing, saving, onSubmit, onCancel }: PostFormModalProps) {
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (open) form.setFieldsValue(toValues(editing));
  }, [open, editing, form]);

  const finish = (v: FormValues) => {
    // The whole store: a candidate's id has no field of its own, and onFinish hands only fields back.
    const all = form.getFieldsValue(true) as FormValues;
    const candidates = (all.candidates ?? [])
      .map((c) => ({
        ...(c.id !== undefined && { id: c.id }),
        name: (c.name ?? '').trim(),
        current_position: (c.current_position ?? '').trim(),
        birth_date: (c.birth_date ?? '').trim(),
        note: (c.note ?? '').trim(),
      }))
      .filter((c) => c.name !== '' || c.id !== undefined);
    const fields: PostFields = {
      name: v.name.trim(),
      seats: v.seats,
      max_choices: v.max_choices ?? v.seats,
      min_choices: v.min_choices ?? null,
      write_in_slots: v.write_in_slots ?? 0,
      candidate_order: v.candidate_order,
      is_active: v.is_active,
      candidates,
    };
    // The contracts' own checks of the numbers, shown under their fields before anything is sent.
    const problems = postNumbersProblems(fields);
    if (problems.length) {
      form.setFields(
        problems.map((p) => ({
          name: (p.field === 'candidates' ? 'write_in_slots' : p.field) as keyof FormValues,
          errors: [p.message],
        })),
      );
      return;
    }
    onSubmit(fields);
  };

  return (
    <FormModal
      title={editing ? '编辑推荐职位' : '添加推荐职位'}
      open={open}
      saving={saving}
      form={form}
      onCancel={onCancel}
      width={760}
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={finish} requiredMark>
        <Form.Item
          name="name"
          label="推荐职位名称"
          rules={[
            { required: true, whitespace: true, message: '请输入推荐职位名称' },
            { max: 100, message: '推荐职位名称不能超过 100 个字' },
          ]}
        >
          <Input placeholder="如：副总经理" />
        </Form.Item>
        <div className="kp-rec-numbers">
          <Form.Item name="seats" label="职数" rules={[{ required: true, message: '请输入职数' }]}>
            <InputNumber min={1} max={RECOMMENDATION_LIMITS.seatsMax} precision={0} />
          </Form.Item>
          <Form.Item name="max_choices" label="最多推荐人数" extra="不填则等于职数">
            <InputNumber min={1} precision={0} placeholder="同职数" />
          </Form.Item>
          <Form.Item name="min_choices" label="最少推荐人数" extra="不填则不限">
            <InputNumber min={1} precision={0} placeholder="不限" />
          </Form.Item>
          <Form.Item name="write_in_slots" label="另提名栏数" extra="0 表示不设另提名">
            <InputNumber min={0} max={RECOMMENDATION_LIMITS.writeInSlotsMax} precision={0} />
          </Form.Item>
        </div>
        <Form.Item
          name="candidate_order"
          label="人选排列"
          extra="按姓氏笔画：保存后由系统按姓氏笔画数和笔顺排列，选票与结果均按此顺序"
        >
          <Radio.Group
            options={CANDIDATE_ORDERS.map((o) => ({ value: o, label: CANDIDATE_ORDER_LABELS[o] }))}
          />
        </Form.Item>
        <Form.Item name="is_active" label="状态" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
        <Typography.Text strong>参考人选</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          参考人选多于职数为差额推荐，否则为等额推荐。姓名留空的行不会保存。
        </Typography.Paragraph>
        <Form.List name="candidates">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <div
                  key={field.key}
                  className="kp-rec-candidate-row"
                  role="group"
                  aria-label={`参考人选 ${i + 1}`}
                >
                  <span className="kp-rec-candidate-no">{i + 1}</span>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[{ max: RECOMMENDATION_LIMITS.nameMax, message: '姓名过长' }]}
                  >
                    <Input placeholder="姓名" aria-label={`第 ${i + 1} 名人选姓名`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'current_position']}>
                    <Input placeholder="现任职务" aria-label={`第 ${i + 1} 名人选现任职务`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'birth_date']}>
                    <Input placeholder="出生年月，如 1980.05" aria-label={`第 ${i + 1} 名人选出生年月`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'note']}>
                    <Input placeholder="备注" aria-label={`第 ${i + 1} 名人选备注`} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`移除第 ${i + 1} 名人选`}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add(blankCandidate())}
                disabled={fields.length >= RECOMMENDATION_LIMITS.candidatesMax}
                block
              >
                添加参考人选
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}
