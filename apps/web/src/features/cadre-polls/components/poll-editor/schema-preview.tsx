import { useState } from 'react';
import { DesktopOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import type { NewlyPromotedFormSchema } from '@kaoping/contracts/newly-promoted-schema';
import { Button, Card, Segmented } from 'antd';
import { CadreForm } from '@/public/ballot/cadre-form';
import { NewlyPromotedForm } from '@/public/ballot/newly-promoted-form';
import type { NewlyPromotedSubject } from '@/public/ballot/newly-promoted-form-model';
import { PreviewBoundary } from './preview-boundary';

export type PreviewDraft =
  { type: 'cadre'; schema: CadreFormSchema } | { type: 'newly_promoted'; schema: NewlyPromotedFormSchema };

export interface SchemaPreviewProps {
  draft: PreviewDraft;
  /** Rows of the newly promoted table (the company's subjects, or samples). */
  subjects: readonly NewlyPromotedSubject[];
  subjectsNote?: string;
  /** Changes on every refresh, which remounts the preview (and resets its page and boundary). */
  refreshKey: number;
  onRefresh: () => void;
  onError: () => void;
}

/** Right pane: the voter's form, read-only, at phone or desktop width. */
export function SchemaPreview({
  draft,
  subjects,
  subjectsNote,
  refreshKey,
  onRefresh,
  onError,
}: SchemaPreviewProps) {
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone');
  return (
    <Card
      size="small"
      className="kp-pe-preview"
      title="实时预览"
      extra={
        <div className="kp-pe-preview-tools">
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
      <div className={`kp-pe-preview-frame kp-pe-preview-frame--${device}`} data-testid="poll-preview">
        <PreviewBoundary key={refreshKey} onError={onError}>
          {draft.type === 'cadre' ? (
            <CadreForm schema={draft.schema} value={{}} readOnly />
          ) : (
            <NewlyPromotedForm schema={draft.schema} subjects={subjects} value={{}} readOnly />
          )}
        </PreviewBoundary>
      </div>
      {draft.type === 'newly_promoted' && subjectsNote && (
        <p className="kp-pe-preview-note">{subjectsNote}</p>
      )}
    </Card>
  );
}
