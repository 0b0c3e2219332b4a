import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { submissions } from '../../db/schema';

/** Submissions (voters) per vote type of a company: a count over submissions_company_created_idx. */
export async function receivedByVoteType(db: Db, companyId: number) {
  const rows = await db
    .select({ voteTypeId: submissions.voteTypeId, n: count() })
    .from(submissions)
    .where(eq(submissions.companyId, companyId))
    .groupBy(submissions.voteTypeId);
  return new Map(rows.map((r) => [r.voteTypeId, r.n]));
}
