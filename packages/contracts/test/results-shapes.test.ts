import { describe, expect, it } from 'vitest';
import { statisticsQuery } from '../src/cadre-results';
import { companyResultsQuery } from '../src/company-results';
import { voteListQuery, voterDeleteQuery, voterResultsQuery } from '../src/records';

describe('results queries', () => {
  it('fill paging and sorting defaults and coerce query-string numbers', () => {
    expect(voteListQuery.parse({ company_id: '3' })).toEqual({
      company_id: 3,
      skip: 0,
      limit: 20,
      // By the 随机编号: an order unrelated to arrival (issue 26).
      sort_by: 'voter_key',
      order: 'desc',
    });
    expect(voterResultsQuery.parse({ sort_by: 'total_score', order: 'asc', limit: '500' })).toMatchObject({
      sort_by: 'total_score',
      order: 'asc',
      limit: 500,
    });
    expect(companyResultsQuery.parse({})).toEqual({ form_category: 'democratic_appraisal' });
  });

  it('refuse what the server cannot answer, in Chinese', () => {
    const bad = [
      voteListQuery.safeParse({ sort_by: 'name' }),
      // Ballots keep no time: there is no sort by time.
      voteListQuery.safeParse({ sort_by: 'created_at' }),
      voterResultsQuery.safeParse({ sort_by: 'created_at' }),
      voteListQuery.safeParse({ voter_key: '' }),
      voteListQuery.safeParse({ limit: '0' }),
      statisticsQuery.safeParse({ company_id: '1', threshold: '1.5' }),
      voterDeleteQuery.safeParse({ company_id: '1' }),
    ];
    for (const r of bad) expect(r.success).toBe(false);
    expect(statisticsQuery.safeParse({ company_id: '1', threshold: '2' }).error?.issues[0]?.message).toBe(
      '阈值必须在 0 到 1 之间',
    );
    // The 随机编号 is found however it is typed.
    expect(voteListQuery.parse({ voter_key: ' 3f9ac2e107bd ' }).voter_key).toBe('3F9AC2E107BD');
  });

  it('take the threshold as a fraction', () => {
    expect(statisticsQuery.parse({ company_id: '2', threshold: '0.5' })).toEqual({
      company_id: 2,
      threshold: 0.5,
    });
  });
});
