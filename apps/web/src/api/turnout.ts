import type { Turnout } from '@kaoping/contracts/turnout';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { adminRequest } from '@/lib/api-client';

export type { Turnout };

/**
 * GET /admin/votes/turnout: per vote type of a family, 发出数, 收回数 (formal ballots) and 参评率, of the
 * current round or of `roundId`.
 */
export const getTurnout = (companyId: number, category: FormCategory, roundId?: number) =>
  adminRequest<Turnout>('/admin/votes/turnout', {
    query: { company_id: companyId, form_category: category, round_id: roundId },
  });
