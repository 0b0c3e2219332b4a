import { useState } from 'react';
import type { SummaryThresholds } from '@kaoping/contracts/summary-thresholds';
import { flagReasons } from '@kaoping/contracts/summary-thresholds';
import { App, Button, Card, Form, InputNumber, Space, Typography, type InputNumberProps } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { useSetThresholds } from '../api/summary';

const asPercent = (x: number) => Math.round(x * 10_000) / 100;
/** The percent typed back to a fraction; an unchanged one keeps the stored value exactly (2/3 stays 2/3). */
const asFraction = (percent: number, stored: number) =>
  asPercent(stored) === percent ? stored : percent / 100;

/** A threshold typed as a percent with two decimals. */
const PercentInput = (props: InputNumberProps<number>) => (
  <InputNumber<number> min={0} max={100} step={0.01} precision={2} suffix="%" {...props} />
);

interface Values {
  top: number;
  bottom: number;
}

/**
 * 预警阈值 of the round: always shown; editable by writers in the current round, as 0-100 % inputs (the
 * server keeps fractions and refuses a top-two threshold below the bottom one).
 */
export function ThresholdsCard({
  companyId,
  roundId,
  thresholds,
  editable,
}: {
  companyId: number;
  roundId: number;
  thresholds: SummaryThresholds;
  editable: boolean;
}) {
  const { message } = App.useApp();
  const save = useSetThresholds(companyId);
  const [editing, setEditing] = useState(false);
  const text = flagReasons({ top_two_low: true, bottom_high: true }, thresholds).join(' 或 ');

  const submit = (v: Values) =>
    save.mutate(
      {
        round_id: roundId,
        flag_top_two_min: asFraction(v.top, thresholds.flag_top_two_min),
        flag_bottom_max: asFraction(v.bottom, thresholds.flag_bottom_max),
      },
      {
        onSuccess: () => {
          void message.success('预警阈值已保存');
          setEditing(false);
        },
        onError: (e) => void message.error(errorDetail(e, '保存失败')),
      },
    );

  return (
    <Card
      size="small"
      title="预警阈值"
      style={{ marginBottom: 16 }}
      extra={
        editable &&
        !editing && (
          <Button size="small" onClick={() => setEditing(true)}>
            修改阈值
          </Button>
        )
      }
    >
      <Typography.Text>{text}的行标红预警（按实际票数比较，恰好等于阈值不预警）。</Typography.Text>
      {editing && (
        <Form<Values>
          layout="inline"
          style={{ marginTop: 12, rowGap: 8 }}
          initialValues={{
            top: asPercent(thresholds.flag_top_two_min),
            bottom: asPercent(thresholds.flag_bottom_max),
          }}
          onFinish={submit}
        >
          <Form.Item
            name="top"
            label="称职及以上率低于"
            rules={[{ required: true, message: '请填写 0-100 之间的百分比' }]}
          >
            <PercentInput aria-label="称职及以上率阈值" />
          </Form.Item>
          <Form.Item
            name="bottom"
            label="不称职率高于"
            dependencies={['top']}
            rules={[
              { required: true, message: '请填写 0-100 之间的百分比' },
              ({ getFieldValue }) => ({
                validator: (_, v: number) =>
                  v > getFieldValue('top')
                    ? Promise.reject(new Error('称职及以上率阈值不能低于不称职率阈值'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <PercentInput aria-label="不称职率阈值" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button onClick={() => setEditing(false)}>取消</Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
