import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { retiredSubmissions } from '../../db/schema';

// The one owner of retired_submissions: the submission ids of the test ballots that 转为正式投票 deleted,
// so that a test ballot sent again afterwards is refused (409 SUBMISSION_TEST_RETIRED) and never stored
// as a formal one. The client's random id and the vote type only: nothing about the ballot or its voter.

/** Keeps the ids of a vote type's test ballots before 转为正式投票 deletes them (its transaction). */
export async function retireTestSubmissions(db: Db, voteTypeId: number) {
  await rowsOf(
    db,
    sql`INSERT INTO retired_submissions (id, vote_type_id)
        SELECT s.id, s.vote_type_id FROM submissions s WHERE s.vote_type_id = ${voteTypeId} AND s.is_test
        ON CONFLICT DO NOTHING`,
  );
}

/** Whether a submission id is one of a deleted test ballot. */
export async function isRetired(db: Db, id: string) {
  const [row] = await db
    .select({ id: retiredSubmissions.id })
    .from(retiredSubmissions)
    .where(eq(retiredSubmissions.id, id));
  return row !== undefined;
}
