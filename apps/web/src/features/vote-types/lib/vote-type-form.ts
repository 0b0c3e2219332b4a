import type { AccessMode } from '@kaoping/contracts/ballot-codes';
import type { RecommendationMode } from '@kaoping/contracts/recommendation-rules';
import type { FormCategory, VoteType, VoteTypeCreateInput } from '@kaoping/contracts/vote-type';
import dayjs, { type Dayjs } from 'dayjs';

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
  access_mode: AccessMode;
  test_mode: boolean;
  double_entry: boolean;
  /** 民主推荐 only: 会议推荐 (voters vote) or 谈话调研推荐 (records keyed per talk). */
  recommendation_mode: RecommendationMode;
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
      access_mode: 'link',
      // A new vote type starts as a rehearsal: its ballots count only once it is turned formal (the
      // API's own default stays formal, for scripts that create vote types on the day).
      test_mode: true,
      double_entry: false,
      recommendation_mode: 'meeting',
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
    access_mode: v.access_mode,
    test_mode: v.test_mode,
    double_entry: v.double_entry,
    recommendation_mode: v.recommendation_mode ?? 'meeting',
  };
}

/** 谈话调研推荐: a 民主推荐 vote type whose records the interviewers key (issue 30). */
export const isTalk = (v: Pick<VoteTypeFormValues, 'form_category' | 'recommendation_mode'>) =>
  v.form_category === 'democratic_recommendation' && v.recommendation_mode === 'talk';

const toDay = (iso: string | null) => (iso ? dayjs(iso) : null);
// ISO 8601 with the browser's offset, e.g. 2025-01-01T09:00:00+08:00, as the contract asks.
const toIso = (d: Dayjs | null | undefined) => (d ? d.second(0).millisecond(0).format() : null);

/**
 * The body for create or update: null clears the window ends and expected voters on update. On update
 * the access and test modes are sent only when they change: the server refuses a change once formal
 * ballots exist, and an edit of the name alone must not trip over that.
 */
export function toBody(v: VoteTypeFormValues, editing?: VoteType): Omit<VoteTypeCreateInput, 'company_id'> {
  // 谈话调研推荐 is what the server stores it as: link mode (no link is opened: no codes to hand out),
  // single entry, no results shown to voters (it has none on phones).
  if (isTalk(v)) v = { ...v, access_mode: 'link', double_entry: false, results_public: false };
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
    double_entry: v.double_entry,
    ...(!editing || editing.access_mode !== v.access_mode ? { access_mode: v.access_mode } : {}),
    ...(!editing || editing.test_mode !== v.test_mode ? { test_mode: v.test_mode } : {}),
    // 民主推荐 only, and on update only when it changes (refused once formal ballots exist).
    ...(v.form_category === 'democratic_recommendation' &&
    (!editing || (editing.recommendation_mode ?? 'meeting') !== v.recommendation_mode)
      ? { recommendation_mode: v.recommendation_mode }
      : {}),
  };
}
