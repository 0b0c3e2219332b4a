import { useState } from 'react';
import { DesktopOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import type { NewlyPromotedFormSchema } from '@kaoping/contracts/newly-promoted-schema';
import { Button, Card, Segmented } from 'antd';
import { NewlyPromotedForm } from '@/public/ballot/newly-promoted-form';
import type { NewlyPromotedSubject } from '@/public/ballot/newly-promoted-form-model';

export interface SettingsPreviewProps {
  schema: NewlyPromotedFormSchema;
  subjects: readonly NewlyPromotedSubject[];
  note: string;
  /** Changes on every refresh, which remounts the form. */
  refreshKey: number;
  onRefresh: () => void;
}

/** The voter's form, read-only, at phone or desktop width, with the refresh-preview button. */
export function SettingsPreview({ schema, subjects, note, refreshKey, onRefresh }: SettingsPreviewProps) {
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone');
  return (
    <Card
      size="small"
      title="实时预览"
      className="kp-np-admin-preview"
      extra={
        <div className="kp-np-admin-tools">
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
      <div className={`kp-np-admin-frame kp-np-admin-frame--${device}`} data-testid="newly-promoted-preview">
        <NewlyPromotedForm key={refreshKey} schema={schema} subjects={subjects} value={{}} readOnly />
      </div>
      <p className="kp-np-admin-note">{note}</p>
    </Card>
  );
}
