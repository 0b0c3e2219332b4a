import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { submissions } from '../../db/schema';

/**
 * Deletes every submission of a company; votes and cadre_votes go with them (ON DELETE CASCADE). A
 * company delete calls it first: left to the cascade from companies, the polls would go before the
 * ballot rows that keep them (votes.poll_id), and PostgreSQL would refuse the whole delete.
 */
export async function deleteCompanySubmissions(db: Db, companyId: number) {
  await db.delete(submissions).where(eq(submissions.companyId, companyId));
}
