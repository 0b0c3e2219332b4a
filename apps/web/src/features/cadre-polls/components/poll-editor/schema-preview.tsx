import type { CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import type { NewlyPromotedFormSchema } from '@kaoping/contracts/newly-promoted-schema';
import { DevicePreview } from '@/components/device-preview';
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
  return (
    <DevicePreview
      classes={{ card: 'kp-pe-preview', tools: 'kp-pe-preview-tools', frame: 'kp-pe-preview-frame' }}
      testId="poll-preview"
      onRefresh={onRefresh}
      footer={
        draft.type === 'newly_promoted' &&
        subjectsNote && <p className="kp-pe-preview-note">{subjectsNote}</p>
      }
    >
      <PreviewBoundary key={refreshKey} onError={onError}>
        {draft.type === 'cadre' ? (
          <CadreForm schema={draft.schema} value={{}} readOnly />
        ) : (
          <NewlyPromotedForm schema={draft.schema} subjects={subjects} value={{}} readOnly />
        )}
      </PreviewBoundary>
    </DevicePreview>
  );
}
