import type { VoteType } from '@kaoping/contracts/vote-type';

/**
 * A vote type as GET /admin/vote-types/ lists it: open, in link mode, with its link and public address
 * derived from the id. Each test file sets its own company and whatever else differs.
 */
export const voteTypeFixture = (
  id: number,
  name: string,
  over: Partial<VoteType> & Pick<VoteType, 'company_id'>,
): VoteType => ({
  id,
  name,
  form_category: 'democratic_appraisal',
  weight: 50,
  link_id: `link${id}`,
  public_path: `/vote/type/link${id}`,
  is_active: true,
  sort_order: id,
  opens_at: null,
  closes_at: null,
  expected_voters: null,
  results_public: false,
  access_mode: 'link',
  test_mode: false,
  double_entry: false,
  recommendation_mode: null,
  closed_at: null,
  status: 'open',
  count_stage: 'voting',
  counted_at: null,
  deleted_ballots: 0,
  public_url: `https://kp.example.cn/vote/type/link${id}`,
  created_at: '2025-01-01T00:00:00Z',
  ...over,
});
