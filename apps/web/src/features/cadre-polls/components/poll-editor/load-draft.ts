import { normalizeNewlyPromotedSchema } from '@kaoping/contracts/newly-promoted-schema';
import type { PreviewDraft } from './schema-preview';
import { loadCadreSchema } from './load-schema';

export type PreviewType = PreviewDraft['type'];

/** The editor's draft from a stored form_schema; `ok` false when it had to be repaired on load. */
export function loadDraft(type: PreviewType, raw: unknown): { draft: PreviewDraft; ok: boolean } {
  if (type === 'cadre') {
    const { schema, ok } = loadCadreSchema(raw);
    return { draft: { type, schema }, ok };
  }
  // The spec's fill-in rule: whatever is missing takes its default, never an error.
  return { draft: { type, schema: normalizeNewlyPromotedSchema(raw) }, ok: true };
}
