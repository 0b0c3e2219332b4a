import type { FormCategory, VoteType } from '@kaoping/contracts/vote-type';
import dayjs, { type Dayjs } from 'dayjs';
import type { VoteTypeCreateInput } from '@kaoping/contracts/vote-type';

/** The dialog's fields; the open window is one range picker, either end may stay empty. */
export interface VoteTypeFormValues {
  name: string;
  form_category: FormCategory;
  weight: number | null;
  is_active: boolean;
  sort_order: number | null;
  window: [Dayjs | null, Dayjs | null] | null;
  expected_voters: number | null;
  results_public: boolean;
}

export function toFormValues(v: VoteType | undefined, category: FormCategory): VoteTypeFormValues {
  if (!v) {
    return {
      name: '',
      form_category: category,
      weight: 0,
      is_active: true,
      sort_order: null,
      window: null,
      expected_voters: null,
      results_public: false,
    };
  }
  return {
    name: v.name,
    form_category: v.form_category,
    weight: v.weight,
    is_active: v.is_active,
    sort_order: v.sort_order,
    window: v.opens_at || v.closes_at ? [toDay(v.opens_at), toDay(v.closes_at)] : null,
    expected_voters: v.expected_voters,
    results_public: v.results_public,
  };
}

const toDay = (iso: string | null) => (iso ? dayjs(iso) : null);
// ISO 8601 with the browser's offset, e.g. 2025-01-01T09:00:00+08:00, as the contract asks.
const toIso = (d: Dayjs | null | undefined) => (d ? d.second(0).millisecond(0).format() : null);

/** The body for create or update: null clears the window ends and expected voters on update. */
export function toBody(v: VoteTypeFormValues): Omit<VoteTypeCreateInput, 'company_id'> {
  return {
    name: v.name.trim(),
    form_category: v.form_category,
    weight: v.weight ?? 0,
    is_active: v.is_active,
    // Left empty on create: the server puts it after the last vote type.
    ...(v.sort_order === null || v.sort_order === undefined ? {} : { sort_order: v.sort_order }),
    opens_at: toIso(v.window?.[0]),
    closes_at: toIso(v.window?.[1]),
    expected_voters: v.expected_voters ?? null,
    results_public: v.results_public,
  };
}

/** Where a vote type's window stands now, for the status column. */
export function windowState(v: Pick<VoteType, 'opens_at' | 'closes_at'>, now = Date.now()) {
  if (v.opens_at && Date.parse(v.opens_at) > now) return 'pending' as const;
  if (v.closes_at && Date.parse(v.closes_at) <= now) return 'closed' as const;
  return 'open' as const;
}
