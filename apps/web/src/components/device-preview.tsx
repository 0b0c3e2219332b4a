import { type ReactNode, useState } from 'react';
import { DesktopOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Segmented } from 'antd';

export interface DevicePreviewProps {
  /** The card's, its tool bar's and its frame's classes (the frame gets `--phone` or `--desktop`). */
  classes: { card: string; tools: string; frame: string };
  testId: string;
  onRefresh: () => void;
  /** The voter's form, read-only. */
  children: ReactNode;
  /** Under the frame (a note on the sample rows). */
  footer?: ReactNode;
}

/** 实时预览: the voter's form at phone or desktop width, with 刷新预览 (the questionnaire editors). */
export function DevicePreview({ classes, testId, onRefresh, children, footer }: DevicePreviewProps) {
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone');
  return (
    <Card
      size="small"
      className={classes.card}
      title="实时预览"
      extra={
        <div className={classes.tools}>
          <Segmented
            size="small"
            value={device}
            onChange={(v) => setDevice(v as 'phone' | 'desktop')}
            options={[
              { value: 'phone', icon: <MobileOutlined />, label: '手机' },
              { value: 'desktop', icon: <DesktopOutlined />, label: '电脑' },
            ]}
          />
          <Button size="small" icon={<ReloadOutlined />} onClick={onRefresh}>
            刷新预览
          </Button>
        </div>
      }
    >
      <div className={`${classes.frame} ${classes.frame}--${device}`} data-testid={testId}>
        {children}
      </div>
      {footer}
    </Card>
  );
}
