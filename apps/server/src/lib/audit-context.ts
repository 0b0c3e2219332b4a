/**
 * What the audit trail knows about one admin request: filled by the access check (unit, object and its
 * state before the write), enriched by services (`summary`), written by the audit hook after a
 * successful write unless a service already wrote the row inside its own transaction (`recorded`).
 */
export interface AuditContext {
  action: string | null;
  companyId: number | null;
  objectType: string | null;
  objectId: string | null;
  before: Record<string, unknown> | null;
  summary: string | null;
  recorded: boolean;
}

export const emptyAuditContext = (): AuditContext => ({
  action: null,
  companyId: null,
  objectType: null,
  objectId: null,
  before: null,
  summary: null,
  recorded: false,
});
