import type { NewlyPromotedFormSchema } from '@kaoping/contracts/newly-promoted-schema';
import { DevicePreview } from '@/components/device-preview';
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
  return (
    <DevicePreview
      classes={{ card: 'kp-np-admin-preview', tools: 'kp-np-admin-tools', frame: 'kp-np-admin-frame' }}
      testId="newly-promoted-preview"
      onRefresh={onRefresh}
      footer={<p className="kp-np-admin-note">{note}</p>}
    >
      <NewlyPromotedForm key={refreshKey} schema={schema} subjects={subjects} value={{}} readOnly />
    </DevicePreview>
  );
}
