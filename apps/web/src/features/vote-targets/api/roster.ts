import type { ReorderBody } from '@kaoping/contracts/vote-type';
import { adminRequest } from '@/lib/api-client';

/** The writes of one roster, the same calls under /vote-targets and /evaluation-subjects (spec §API). */
export interface RosterApi<Row, Create, Update> {
  create: (body: Create) => Promise<Row>;
  /** company_id is always sent so that the server refuses a row of another company. */
  update: (id: number, body: Update & { company_id: number }) => Promise<Row>;
  remove: (id: number, companyId: number) => Promise<void>;
  /** Answers the company's whole list in its new order. */
  reorder: (body: ReorderBody) => Promise<Row[]>;
}

// Reading a list is shared with other screens: see `@/api/vote-targets` and `@/api/evaluation-subjects`.
export function rosterApi<Row, Create, Update>(base: string): RosterApi<Row, Create, Update> {
  return {
    create: (body) => adminRequest<Row>(`${base}/`, { method: 'POST', body }),
    update: (id, body) => adminRequest<Row>(`${base}/${id}`, { method: 'PUT', body }),
    remove: (id, companyId) =>
      adminRequest<void>(`${base}/${id}`, { method: 'DELETE', query: { company_id: companyId } }),
    reorder: (body) => adminRequest<Row[]>(`${base}/reorder`, { method: 'PUT', body }),
  };
}
